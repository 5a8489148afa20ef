package io.commitbench.core.host;

import io.commitbench.core.server.Fact;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Turns a {@link PathStorage} into facts named {@code <prefix>.<attribute>}, one per name of
 * {@link #ATTRIBUTES}, always all of them, so every log location has the same facts whether they
 * are known or not. Stateless and thread-safe.
 *
 * <pre>
 * StorageFacts.of("log_device", "wal_directory", storage);
 * // log_device/wal_directory.filesystem = "ext4", .../wal_directory.rotational = "1", ...
 * </pre>
 */
public final class StorageFacts {

  /**
   * Every attribute, in order. {@code device} is the filesystem's own block device(s); {@code
   * backing_devices} the devices at the bottom of what it is built on, and {@code rotational} is
   * theirs ({@code 1}, {@code 0}, or {@code mixed: ...}); block sizes and discard are of the
   * filesystem's device, which is what the database's writes meet. Sizes are bytes.
   */
  public static final List<String> ATTRIBUTES = List.of("real_path", "mount_point", "filesystem", "mount_options",
      "mount_source", "device", "device_chain", "backing_devices", "rotational", "logical_block_size",
      "physical_block_size", "discard_max_bytes", "free_bytes", "total_bytes");

  private StorageFacts() {}

  /** The facts of one located path. */
  public static List<Fact> of(String group, String prefix, PathStorage s) {
    Map<String, String> known = new LinkedHashMap<>();
    known.put("real_path", s.realPath().toString());
    known.put("mount_point", s.mount().mountPoint().toString());
    known.put("filesystem", s.mount().filesystem());
    known.put("mount_options", s.mount().allOptions());
    known.put("mount_source", s.mount().source());
    if (!s.devices().isEmpty()) {
      known.put("device", join(s.devices(), BlockDevice::name));
      known.put("device_chain", String.join(" + ", s.devices().stream().map(BlockDevice::chain).toList()));
      known.put("backing_devices", join(s.leaves(), BlockDevice::name));
      known.put("rotational", agreed(s.leaves(), d -> d.rotational().map(r -> r ? "1" : "0").orElse(null)));
      known.put("logical_block_size", agreed(s.devices(), d -> text(d.logicalBlockSize())));
      known.put("physical_block_size", agreed(s.devices(), d -> text(d.physicalBlockSize())));
      known.put("discard_max_bytes", agreed(s.devices(), d -> text(d.discardMaxBytes())));
    }
    known.put("free_bytes", text(s.freeBytes()));
    known.put("total_bytes", text(s.totalBytes()));
    List<Fact> facts = new ArrayList<>();
    for (String attribute : ATTRIBUTES) {
      String value = known.get(attribute);
      String name = prefix + "." + attribute;
      if (value != null) {
        facts.add(Fact.of(group, name, value));
      } else if (!known.containsKey(attribute) && !s.noDeviceReason().isEmpty()) {
        facts.add(Fact.unknown(group, name, s.noDeviceReason()));
      } else {
        facts.add(Fact.unknown(group, name, "not readable from /sys or the filesystem for " + s.realPath()));
      }
    }
    return facts;
  }

  /** Every attribute unknown for the same reason (another host, a path that does not exist). */
  public static List<Fact> unknown(String group, String prefix, String reason) {
    return ATTRIBUTES.stream().map(a -> Fact.unknown(group, prefix + "." + a, reason)).toList();
  }

  private static String join(List<BlockDevice> devices, Function<BlockDevice, String> value) {
    return String.join(",", devices.stream().map(value).toList());
  }

  /** The one value all devices share, {@code mixed: a=1, b=0} when they differ, null when one is unknown. */
  private static String agreed(List<BlockDevice> devices, Function<BlockDevice, String> value) {
    Map<String, String> byDevice = new LinkedHashMap<>();
    for (BlockDevice d : devices) {
      String v = value.apply(d);
      if (v == null) {
        return null;
      }
      byDevice.put(d.name(), v);
    }
    if (byDevice.values().stream().distinct().count() <= 1) {
      return byDevice.values().stream().findFirst().orElse(null);
    }
    List<String> pairs = new ArrayList<>();
    byDevice.forEach((name, v) -> pairs.add(name + "=" + v));
    return "mixed: " + String.join(", ", pairs);
  }

  private static String text(OptionalLong value) {
    return value.isPresent() ? Long.toString(value.getAsLong()) : null;
  }
}
