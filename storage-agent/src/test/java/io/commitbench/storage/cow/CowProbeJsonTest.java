package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seals {@code commitbench.cow-probe/1}: key order, values, and null with a reason where unknown. */
class CowProbeJsonTest {

  @TempDir Path dir;

  @Test
  void writesEveryKeyInOrderWithTheMeasuredValues() throws Exception {
    Path file = dir.resolve("cow.json");
    CowProbeJson.write(ProbeResults.withSnapshot(ProbeResults.removed()), "1.2.3", file);
    JsonNode root = new ObjectMapper().readTree(file.toFile());

    assertThat(names(root)).containsExactly("schema", "harnessVersion", "startedAt", "directory", "file", "fileKept",
        "storage", "spec", "phases", "extents", "snapshot", "cache");
    assertThat(root.get("schema").asText()).isEqualTo("commitbench.cow-probe/1");
    assertThat(root.get("startedAt").asText()).isEqualTo("2026-11-21T08:00:00Z");
    assertThat(root.at("/storage/filesystem").asText()).isEqualTo("btrfs");
    assertThat(root.at("/spec/blocks").asInt()).isEqualTo(8192);
    assertThat(root.at("/spec/rewrites").asInt()).isEqualTo(2048);
    assertThat(root.at("/spec/fillOrder").asText()).isEqualTo("ranges");
    JsonNode phases = root.get("phases");
    assertThat(phases).hasSize(4);
    assertThat(phases.get(0).get("name").asText()).isEqualTo("fill");
    assertThat(phases.get(0).get("mibPerSecond").asDouble()).isEqualTo(64.0);
    assertThat(phases.get(0).get("operationsPerSecond").asDouble()).isEqualTo(16_384.0);
    assertThat(phases.get(0).get("syncSeconds").asDouble()).isEqualTo(0.25);
    assertThat(phases.get(1).get("syncSeconds").isNull()).isTrue();
    assertThat(phases.get(3).get("bytes").asLong()).isEqualTo(32L << 20);
    assertThat(root.at("/extents/afterFill").asLong()).isEqualTo(1);
    assertThat(root.at("/extents/afterRewrite").asLong()).isEqualTo(3553);
    assertThat(root.at("/extents/afterRewriteUnknown").isNull()).isTrue();
    assertThat(root.at("/snapshot/taken").asBoolean()).isTrue();
    assertThat(root.at("/snapshot/location").asText()).isEqualTo("/mnt/btrfs/data-cow-probe-snapshot-20261121-080000");
    assertThat(root.at("/snapshot/removed").asBoolean()).isTrue();
    assertThat(root.at("/snapshot/notTakenReason").isNull()).isTrue();
    assertThat(root.at("/cache/residentBytesBeforeRead").asLong()).isZero();
  }

  @Test
  void unknownsAreNullWithTheirReason() {
    JsonNode root = CowProbeJson.toJson(ProbeResults.withoutSnapshot("ext4 on /dev/loop3 has no snapshot mechanism"),
        "1.2.3");
    assertThat(root.get("fileKept").asBoolean()).isTrue();
    assertThat(root.get("phases")).hasSize(3);
    assertThat(root.at("/extents/afterRewrite").isNull()).isTrue();
    assertThat(root.at("/extents/afterRewriteUnknown").asText())
        .isEqualTo("filefrag exited 22: FIBMAP/FIEMAP unsupported");
    assertThat(root.at("/snapshot/taken").asBoolean()).isFalse();
    assertThat(root.at("/snapshot/location").isNull()).isTrue();
    assertThat(root.at("/snapshot/notTakenReason").asText()).isEqualTo("ext4 on /dev/loop3 has no snapshot mechanism");
    assertThat(root.at("/cache/dropped").asBoolean()).isFalse();
    assertThat(root.at("/cache/residentBytesBeforeRead").isNull()).isTrue();
  }

  private static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
