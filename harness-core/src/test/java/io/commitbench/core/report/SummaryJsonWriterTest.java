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
    // Same keys as a completed run: readers never meet a missing field.
    JsonNode completed = SummaryJsonWriter.toJson(ReportFixtures.completed());
    assertThat(fieldNames(root)).isEqualTo(fieldNames(completed).stream()
        .filter(path -> !path.startsWith("/kinds/") || !path.contains("/latencyMillis/"))
        .filter(path -> !path.startsWith("/cycles/"))
        .toList());
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
