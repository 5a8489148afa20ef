package io.commitbench.core.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.core.results.ResultFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The facts of an {@code environment.json} (schema {@code commitbench.environment/1}) as rows of
 * group, name and value; a fact that could not be read shows as unknown with the reason.
 */
public final class EnvironmentFacts {

  public static final String SCHEMA = "commitbench.environment/1";

  /** One fact: group (server, host, ...), name, value or {@code unknown: reason}. */
  public record Row(String group, String name, String value) {}

  private EnvironmentFacts() {}

  public static List<Row> read(Path file) throws ResultFormatException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(Files.readString(file));
    } catch (IOException e) {
      throw new ResultFormatException("cannot read " + file + ": " + e.getMessage(), e);
    }
    if (!SCHEMA.equals(root.path("schema").asText())) {
      throw new ResultFormatException(file + " has schema '" + root.path("schema").asText() + "'; this build reads "
          + SCHEMA);
    }
    List<Row> rows = new ArrayList<>();
    root.path("groups").fields().forEachRemaining(group -> group.getValue().fields().forEachRemaining(fact -> {
      JsonNode value = fact.getValue().path("value");
      rows.add(new Row(group.getKey(), fact.getKey(), value.isNull() || value.isMissingNode()
          ? "unknown: " + fact.getValue().path("unknownReason").asText("") : value.asText()));
    }));
    return rows;
  }
}
