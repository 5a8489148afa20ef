package io.commitbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seals the machine-readable format {@code commitbench.summary/1}. */
class SummaryJsonWriterTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void matchesTheGoldenFileIncludingKeyOrder() throws IOException {
    Path file = dir.resolve("summary.json");
    SummaryJsonWriter.write(ReportFixtures.completed(), file);

    JsonNode actual = JSON.readTree(file.toFile());
    JsonNode golden;
    try (InputStream in = getClass().getResourceAsStream("/golden/summary-v1.json")) {
      golden = JSON.readTree(in);
    }
    assertThat(actual).isEqualTo(golden);
    // JsonNode equality ignores key order; the format promises it.
    assertThat(fieldNames(actual)).isEqualTo(fieldNames(golden));
    assertThat(fieldNames(actual)).startsWith("/schema");
    assertThat(actual.get("schema").asText()).isEqualTo(SummaryJsonWriter.SCHEMA);
  }

  /** What the run left on the server, with its drop statements, as the run knew it. */
  @Test
  void theLeftoversAreListedWithTheirDropStatements() throws IOException {
    Path file = dir.resolve("summary.json");
    SummaryJsonWriter.write(ReportFixtures.failedInSetup(), file, java.util.Map.of(), List.of(
        new Leftover("user cb_u1", List.of("DROP ROLE cb_u1"), "not dropped: the admin connection was lost"),
        new Leftover("table cb_1", List.of("DROP TABLE public.cb_1"), "cannot drop: jdbc:postgresql://h/db?password=s3cret")));

    JsonNode leftovers = JSON.readTree(file.toFile()).get("leftovers");
    assertThat(leftovers).hasSize(2);
    assertThat(leftovers.get(0).get("object").asText()).isEqualTo("user cb_u1");
    assertThat(leftovers.get(0).get("reason").asText()).isEqualTo("not dropped: the admin connection was lost");
    assertThat(leftovers.get(0).get("drop").get(0).asText()).isEqualTo("DROP ROLE cb_u1");
    assertThat(leftovers.get(1).get("drop").get(0).asText()).isEqualTo("DROP TABLE public.cb_1");
    assertThat(leftovers.get(1).get("reason").asText()).doesNotContain("s3cret");
  }

  @Test
  void nothingMeasuredWritesNullsNotNaN() throws IOException {
    Path file = dir.resolve("summary.json");
    SummaryJsonWriter.write(ReportFixtures.failedInSetup(), file);

    String text = Files.readString(file);
    assertThat(text).doesNotContain("NaN").doesNotContain("Infinity");
    JsonNode root = JSON.readTree(text);
    assertThat(root.get("outcome").asText()).isEqualTo("failed");
    assertThat(root.get("failure").asText()).isEqualTo("setup failed: permission denied to create role");
    assertThat(root.get("paper").get("overallMillis").asDouble()).isZero();
    assertThat(root.get("paper").get("averageOverallMillis").isNull()).isTrue();
    assertThat(root.get("paper").get("averageActorDeleteMillis").isNull()).isTrue();
    assertThat(root.get("cycles").isArray()).isTrue();
    assertThat(root.get("cycles")).isEmpty();
    assertThat(root.get("kinds").get("insert").get("latencyMillis").isNull()).isTrue();
    // Same keys as a completed run: readers never meet a missing field. The server's figures
    // hold {delta|value, unit} or {absent}, and product counters differ by database.
    JsonNode completed = SummaryJsonWriter.toJson(ReportFixtures.completed());
    assertThat(fieldNames(root).stream().filter(path -> !path.matches("/server/(counters|derived)/.*/.*")))
        .isEqualTo(fieldNames(completed).stream()
            .filter(path -> !path.startsWith("/kinds/") || !path.contains("/latencyMillis/"))
            .filter(path -> !path.matches("/types/[^/]+/(response|service|lag)Millis/.*"))
            .filter(path -> !path.startsWith("/cycles/"))
            .filter(path -> !path.matches("/server/(counters|derived)/.*/.*"))
            .filter(path -> !path.startsWith("/server/counters/pg_stat_wal."))
            .filter(path -> !path.matches("/commit_breakdown/(parts|unmeasured|cross_checks|log_io|cost)/.*"))
            .toList());
    JsonNode server = root.get("server");
    assertThat(server.get("before").isNull()).isTrue();
    assertThat(server.get("note").asText()).startsWith("the run ended before its first cycle");
    server.get("counters").fields().forEachRemaining(c ->
        assertThat(c.getValue().get("absent").asText()).as(c.getKey()).isEqualTo(server.get("note").asText()));
    server.get("derived").fields().forEachRemaining(d ->
        assertThat(d.getValue().has("absent")).as(d.getKey()).isTrue());
  }

  @Test
  void serverFiguresAreADeltaWithItsUnitOrTheReasonTheyAreAbsent() {
    JsonNode server = SummaryJsonWriter.toJson(ReportFixtures.completed()).get("server");

    assertThat(server.get("before").asText()).isEqualTo("2025-01-02T10:00:00.500Z");
    assertThat(server.get("note").isNull()).isTrue();
    JsonNode bytes = server.get("counters").get("log_bytes");
    assertThat(bytes.get("delta").isIntegralNumber()).as("a byte count is written as a whole number").isTrue();
    assertThat(bytes.get("delta").asLong()).isEqualTo(5632);
    assertThat(bytes.get("unit").asText()).isEqualTo("bytes");
    assertThat(server.get("counters").get("log_sync_time_ms").has("delta")).as("absent, never 0").isFalse();
    assertThat(server.get("counters").get("log_sync_time_ms").get("absent").asText()).contains("track_wal_io_timing");
    assertThat(server.get("derived").get("commits_per_log_write").get("value").asDouble()).isEqualTo(1.375);
    assertThat(fieldNames(server.get("derived"))).startsWith("/log_sync_ms_per_commit");
  }

  @Test
  void neverLeaksThePassword() throws IOException {
    Path file = dir.resolve("summary.json");
    SummaryJsonWriter.write(ReportFixtures.completed(), file);

    assertThat(Files.readString(file)).doesNotContain("secret");
  }

  @Test
  void replacesAtomicallyAndLeavesNoTemporaryFile() throws IOException {
    Path file = dir.resolve("summary.json");
    Files.writeString(file, "{\"old\": true}");

    SummaryJsonWriter.write(ReportFixtures.completed(), file);

    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(file);
    }
    assertThat(JSON.readTree(file.toFile()).has("old")).isFalse();
  }

  @Test
  void aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws IOException {
    Path file = dir.resolve("summary.json");
    Files.writeString(file, "{\"old\": true}");
    Files.createDirectory(dir.resolve("summary.json.tmp")); // so the temporary file cannot be opened

    assertThatIOException().isThrownBy(() -> SummaryJsonWriter.write(ReportFixtures.completed(), file));

    assertThat(file).hasContent("{\"old\": true}");
    assertThat(dir.resolve("summary.json.tmp")).doesNotExist();
  }

  /** Every object field as a JSON pointer, in document order. */
  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    collect(node, "", names);
    return names;
  }

  private static void collect(JsonNode node, String path, List<String> names) {
    if (node.isObject()) {
      node.fieldNames().forEachRemaining(name -> {
        names.add(path + "/" + name);
        collect(node.get(name), path + "/" + name, names);
      });
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        collect(node.get(i), path + "/" + i, names);
      }
    }
  }
}
