package io.commitbench.core.environment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seals the machine-readable format {@code commitbench.environment/1}. */
class EnvironmentJsonWriterTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void matchesTheGoldenFileIncludingKeyOrder() throws IOException {
    Path file = dir.resolve(EnvironmentJsonWriter.FILE_NAME);
    EnvironmentJsonWriter.write(EnvironmentFixtures.postgresqlOnThisHost(), file);

    JsonNode actual = JSON.readTree(file.toFile());
    JsonNode golden;
    try (InputStream in = getClass().getResourceAsStream("/golden/environment-v1.json")) {
      golden = JSON.readTree(in);
    }
    assertThat(actual).isEqualTo(golden);
    assertThat(paths(actual)).isEqualTo(paths(golden));
    assertThat(actual.get("schema").asText()).isEqualTo(EnvironmentJsonWriter.SCHEMA);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(file);
    }
  }

  @Test
  void everyGroupIsPresentAndEveryFactHasBothKeys() {
    JsonNode root = EnvironmentJsonWriter.toJson(List.of(Fact.unknown("durability", "fsync", "refused"),
        Fact.of("extra", "note", "x"), Fact.of("extra", "note", "y")));
    assertThat(fieldNames(root.get("groups")))
        .containsExactly("harness", "host", "server", "durability", "log_location", "log_device", "extra");
    JsonNode fsync = root.get("groups").get("durability").get("fsync");
    assertThat(fsync.get("value").isNull()).isTrue();
    assertThat(fsync.get("unknownReason").asText()).isEqualTo("refused");
    assertThat(fieldNames(root.get("groups").get("extra"))).containsExactly("note", "note#2");
    assertThat(root.get("groups").get("extra").get("note#2").get("unknownReason").isNull()).isTrue();
  }

  @Test
  void replacesAnEarlierFile() throws IOException {
    Path file = dir.resolve(EnvironmentJsonWriter.FILE_NAME);
    Files.writeString(file, "old and longer than the new content".repeat(100));
    EnvironmentJsonWriter.write(List.of(Fact.of("host", "kernel", "6")), file);
    assertThat(JSON.readTree(file.toFile()).get("groups").get("host").get("kernel").get("value").asText()).isEqualTo("6");
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** Every path in document order. */
  private static List<String> paths(JsonNode node) {
    List<String> paths = new ArrayList<>();
    collect(node, "", paths);
    return paths;
  }

  private static void collect(JsonNode node, String at, List<String> paths) {
    node.fields().forEachRemaining(e -> {
      paths.add(at + "/" + e.getKey());
      collect(e.getValue(), at + "/" + e.getKey(), paths);
    });
  }
}
