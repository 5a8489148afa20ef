package io.commitbench.storage.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seals the keys of commitbench.inspect/1. */
class InspectionJsonTest {

  @TempDir Path dir;

  @Test
  void writesTheSchemaThePathsTheDeviceTreeAndTheProbe() throws Exception {
    Path file = dir.resolve("inspect.json");
    InspectionJson.write(List.of(
        new PathReport(Fixtures.loopOverTmpfs(), Optional.of(Fixtures.probe(Path.of("/mnt/wal")))),
        new PathReport(Fixtures.partitionOfDisk(), Optional.empty()),
        new PathReport(Fixtures.tmpfs(), Optional.empty())), "1.2.3", Instant.parse("2026-01-02T03:04:05Z"), file);

    JsonNode root = new ObjectMapper().readTree(Files.readString(file));
    assertThat(root.fieldNames()).toIterable()
        .containsExactly("schema", "harnessVersion", "inspectedAt", "sources", "paths");
    assertThat(root.get("schema").asText()).isEqualTo("commitbench.inspect/1");
    assertThat(root.get("inspectedAt").asText()).isEqualTo("2026-01-02T03:04:05Z");
    assertThat(root.get("sources").fieldNames()).toIterable().containsExactly("mount", "devices", "space", "probe");

    JsonNode loop = root.get("paths").get(0);
    assertThat(loop.fieldNames()).toIterable().containsExactly("path", "realPath", "mount", "facts", "unknown",
        "devices", "space", "probe");
    assertThat(loop.at("/mount/filesystem").asText()).isEqualTo("ext4");
    assertThat(loop.at("/facts/rotational").asText()).isEqualTo("0");
    assertThat(loop.at("/facts/device_chain").asText()).startsWith("loop3 (loop, /dev/shm/inspect.img on tmpfs)");
    assertThat(loop.get("unknown").size()).isZero();
    assertThat(loop.at("/devices/0/kind").asText()).isEqualTo("loop");
    assertThat(loop.at("/devices/0/rotational").isBoolean()).isTrue();
    assertThat(loop.at("/devices/0/discard").asBoolean()).isTrue();
    assertThat(loop.at("/devices/0/discardMaxBytes").asLong()).isEqualTo(4294966784L);
    assertThat(loop.at("/devices/0/belowNote").asText()).contains("no block device");
    assertThat(loop.at("/space/freeBytes").asLong()).isEqualTo(1536L * 1024 * 1024);
    assertThat(loop.at("/probe/source").asText()).isEqualTo("fdatasync probe, 100 × 8 KiB writes");
    assertThat(loop.at("/probe/writes").asLong()).isEqualTo(100);
    assertThat(loop.at("/probe/latencyMicros/p50").asDouble())
        .isLessThanOrEqualTo(loop.at("/probe/latencyMicros/p99").asDouble());
    assertThat(loop.at("/probe/latencyMicros/p99").asDouble())
        .isLessThanOrEqualTo(loop.at("/probe/latencyMicros/max").asDouble());

    JsonNode partition = root.get("paths").get(1);
    assertThat(partition.at("/devices/0/below/0/name").asText()).isEqualTo("sda");
    assertThat(partition.at("/devices/0/discard").asBoolean()).isFalse();
    assertThat(partition.at("/devices/0/detail").isNull()).isTrue();
    assertThat(partition.get("probe").isNull()).isTrue();

    JsonNode tmpfs = root.get("paths").get(2);
    assertThat(tmpfs.get("devices").size()).isZero();
    assertThat(tmpfs.at("/facts/rotational").isNull()).isTrue();
    assertThat(tmpfs.at("/unknown/rotational").asText()).isEqualTo("tmpfs from 'tmpfs' has no block device");
    assertThat(tmpfs.at("/space/freeBytes").isNull()).isTrue();
  }
}
