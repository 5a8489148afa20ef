package io.commitbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.Fact;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The facts made of a located path: always every attribute, known or with a reason. */
class StorageFactsTest {

  private static final MountInfo ROOT = new MountInfo(Path.of("/"), "254:0", "/", "ext4", "/dev/vda", "rw,relatime", "rw,discard");

  @Test
  void aPathOnADisk() {
    PathStorage s = new PathStorage(Path.of("/var/lib/pg/pg_wal"), Path.of("/ssd/pg_wal"), ROOT,
        List.of(disk("vda", true, 4096)), "", OptionalLong.of(1000), OptionalLong.of(5000));
    Map<String, Fact> facts = byName(StorageFacts.of("log_device", "wal_directory", s));
    assertThat(facts.keySet()).containsExactlyElementsOf(StorageFacts.ATTRIBUTES.stream().map(a -> "wal_directory." + a).toList());
    assertThat(facts.values()).allSatisfy(f -> assertThat(f.known()).as(f.name()).isTrue());
    assertThat(facts.get("wal_directory.real_path").value()).isEqualTo("/ssd/pg_wal");
    assertThat(facts.get("wal_directory.mount_options").value()).isEqualTo("rw,relatime,discard");
    assertThat(facts.get("wal_directory.rotational").value()).isEqualTo("1");
    assertThat(facts.get("wal_directory.physical_block_size").value()).isEqualTo("4096");
    assertThat(facts.get("wal_directory.device_chain").value()).isEqualTo("vda (disk)");
    assertThat(facts.get("wal_directory.free_bytes").value()).isEqualTo("1000");
  }

  @Test
  void leavesThatDisagreeAreMixed() {
    BlockDevice dm = new BlockDevice("dm-0", "253:0", BlockDevice.Kind.DEVICE_MAPPER, "vg-data", Optional.of(false),
        OptionalLong.of(512), OptionalLong.of(4096), OptionalLong.of(0), List.of(disk("sdb", false, 512), disk("sdc", true, 512)), "", OptionalLong.empty(), List.of(), Map.of(), Optional.empty());
    PathStorage s = new PathStorage(Path.of("/d"), Path.of("/d"), ROOT, List.of(dm), "", OptionalLong.empty(), OptionalLong.empty());
    Map<String, Fact> facts = byName(StorageFacts.of("log_device", "x", s));
    assertThat(facts.get("x.rotational").value()).isEqualTo("mixed: sdb=0, sdc=1");
    assertThat(facts.get("x.backing_devices").value()).isEqualTo("sdb,sdc");
    assertThat(facts.get("x.discard_max_bytes").value()).isEqualTo("0");
    assertThat(facts.get("x.free_bytes").unknownReason()).isEqualTo("not readable from /sys or the filesystem for /d");
  }

  @Test
  void noDeviceGivesItsReasonForTheDeviceFactsOnly() {
    MountInfo tmpfs = new MountInfo(Path.of("/dev/shm"), "0:27", "/", "tmpfs", "tmpfs", "rw", "rw");
    PathStorage s = new PathStorage(Path.of("/dev/shm/wal"), Path.of("/dev/shm/wal"), tmpfs, List.of(),
        "tmpfs from 'tmpfs' has no block device", OptionalLong.of(1), OptionalLong.of(2));
    Map<String, Fact> facts = byName(StorageFacts.of("log_device", "x", s));
    assertThat(facts.get("x.filesystem").value()).isEqualTo("tmpfs");
    for (String a : List.of("device", "device_chain", "backing_devices", "rotational", "logical_block_size",
        "physical_block_size", "discard_max_bytes")) {
      assertThat(facts.get("x." + a).unknownReason()).as(a).isEqualTo("tmpfs from 'tmpfs' has no block device");
    }
    assertThat(facts.get("x.free_bytes").value()).isEqualTo("1");
  }

  @Test
  void everyAttributeUnknownForOneReason() {
    List<Fact> facts = StorageFacts.unknown("log_device", "redo", "database host db1 is not this host");
    assertThat(facts).hasSize(StorageFacts.ATTRIBUTES.size())
        .allSatisfy(f -> assertThat(f.unknownReason()).isEqualTo("database host db1 is not this host"));
  }

  private static BlockDevice disk(String name, boolean rotational, long physical) {
    return new BlockDevice(name, "8:0", BlockDevice.Kind.DISK, "", Optional.of(rotational), OptionalLong.of(512),
        OptionalLong.of(physical), OptionalLong.of(1 << 30), List.of(), "", OptionalLong.empty(), List.of(), Map.of(), Optional.empty());
  }

  private static Map<String, Fact> byName(List<Fact> facts) {
    return facts.stream().collect(Collectors.toMap(Fact::name, f -> f, (a, b) -> a, java.util.LinkedHashMap::new));
  }
}
