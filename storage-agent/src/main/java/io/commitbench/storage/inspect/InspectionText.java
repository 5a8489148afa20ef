package io.commitbench.storage.inspect;

import io.commitbench.core.host.BlockDevice;
import io.commitbench.core.host.PathStorage;
import io.commitbench.core.host.StorageFacts;
import io.commitbench.core.server.Fact;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The text {@code storage inspect} prints: per path, one line per fact with where it was read
 * in brackets, and the commit floor when probed. The device summary is {@link StorageFacts}'s (the
 * same values a run's {@code environment.json} records for its log directory): rotational is that
 * of the devices at the bottom of the chain, block sizes and discard those of the filesystem's own
 * device. A fact that could not be read says why. Stateless and thread-safe.
 *
 * <pre>
 * /mnt/wal
 *   mount           : /mnt/wal, ext4 from /dev/loop3   [/proc/self/mountinfo]
 *   ...
 *   commit floor    : p50 55.3 µs, p99 120.4 µs, max 311.0 µs over 200 writes   [fdatasync probe, 200 × 8 KiB writes, ...]
 * </pre>
 */
public final class InspectionText {

  private static final String GROUP = "inspect";
  private static final String PREFIX = "path";
  private static final String MOUNTINFO = "[/proc/self/mountinfo]";

  private InspectionText() {}

  public static List<String> render(List<PathReport> reports) {
    List<String> lines = new ArrayList<>();
    for (PathReport report : reports) {
      if (!lines.isEmpty()) {
        lines.add("");
      }
      lines.addAll(render(report));
    }
    return lines;
  }

  static List<String> render(PathReport report) {
    PathStorage s = report.storage();
    Map<String, Fact> facts = StorageFacts.of(GROUP, PREFIX, s).stream()
        .collect(Collectors.toMap(f -> f.name().substring(PREFIX.length() + 1), Function.identity()));
    List<String> lines = new ArrayList<>();
    lines.add(s.path().toString());
    if (!s.realPath().equals(s.path().toAbsolutePath())) {
      line(lines, "real path", s.realPath().toString(), "[symlinks resolved]");
    }
    line(lines, "mount", s.mount().mountPoint() + ", " + s.mount().filesystem() + " from " + s.mount().source(),
        MOUNTINFO);
    line(lines, "mount options", s.mount().allOptions(), MOUNTINFO);
    if (s.devices().isEmpty()) {
      line(lines, "block device", "none: " + s.noDeviceReason(), "[/proc/self/mountinfo, /sys/dev/block]");
    } else {
      devices(lines, s, facts);
    }
    line(lines, "space", space(s), "[statvfs of the path]");
    report.probe().ifPresent(p -> line(lines, "commit floor", String.format(Locale.ROOT,
        "p50 %.1f µs, p99 %.1f µs, max %.1f µs over %d writes", p.p50Micros(), p.p99Micros(), p.maxMicros(),
        p.writes()), String.format(Locale.ROOT, "[%s into a preallocated %s file, %.3f s]", p.source(),
        Sizes.binary(p.fileBytes()), p.elapsed().toNanos() / 1e9)));
    return lines;
  }

  private static void devices(List<String> lines, PathStorage s, Map<String, Fact> facts) {
    String sysQueue = "[/sys/block/" + names(s.devices()) + "/queue/";
    line(lines, "device chain", value(facts, "device_chain"), "[/sys/class/block, loop/backing_file, slaves]");
    line(lines, "backing devices", value(facts, "backing_devices"), "[bottom of the chain]");
    line(lines, "rotational", rotational(facts.get("rotational")),
        "[/sys/block/" + names(s.leaves()) + "/queue/rotational]");
    line(lines, "sector size", "logical " + bytes(facts, "logical_block_size") + ", physical "
        + bytes(facts, "physical_block_size"), sysQueue + "{logical,physical}_block_size]");
    line(lines, "discard", discard(facts.get("discard_max_bytes")), sysQueue + "discard_max_bytes]");
  }

  private static void line(List<String> lines, String label, String value, String source) {
    lines.add(String.format(Locale.ROOT, "  %-15s : %s   %s", label, value, source));
  }

  private static String names(List<BlockDevice> devices) {
    List<String> names = devices.stream().map(BlockDevice::name).distinct().toList();
    return names.size() == 1 ? names.get(0) : "{" + String.join(",", names) + "}";
  }

  private static String value(Map<String, Fact> facts, String attribute) {
    Fact f = facts.get(attribute);
    return f.known() ? f.value() : "unknown: " + f.unknownReason();
  }

  private static String rotational(Fact f) {
    if (!f.known()) {
      return "unknown: " + f.unknownReason();
    }
    return switch (f.value()) {
      case "0" -> "no (0: the kernel treats it as solid state)";
      case "1" -> "yes (1: the kernel treats it as a spinning disk)";
      default -> f.value();
    };
  }

  private static String bytes(Map<String, Fact> facts, String attribute) {
    Fact f = facts.get(attribute);
    return f.known() && f.value().matches("\\d+") ? f.value() + " B" : value(facts, attribute);
  }

  private static String discard(Fact f) {
    if (!f.known()) {
      return "unknown: " + f.unknownReason();
    }
    if (!f.value().matches("\\d+")) {
      return f.value();
    }
    return f.value().equals("0") ? "no (discard_max_bytes 0)" : "yes (discard_max_bytes " + f.value() + ")";
  }

  private static String space(PathStorage s) {
    if (s.freeBytes().isEmpty() || s.totalBytes().isEmpty()) {
      return "unknown: the filesystem did not report its size";
    }
    return Sizes.binary(s.freeBytes().getAsLong()) + " free of " + Sizes.binary(s.totalBytes().getAsLong())
        + " (" + s.freeBytes().getAsLong() + " of " + s.totalBytes().getAsLong() + " bytes)";
  }
}
