package io.commitbench.core.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.server.Fact;
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
    List<Row> rows = new ArrayList<>();
    for (Fact f : facts(file)) {
      rows.add(new Row(f.group(), f.name(), f.known() ? f.value() : "unknown: " + f.unknownReason()));
    }
    return rows;
  }

  /** The facts as the run recorded them, an unknown one with its reason. */
  public static List<Fact> facts(Path file) throws ResultFormatException {
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
    List<Fact> facts = new ArrayList<>();
    root.path("groups").fields().forEachRemaining(group -> group.getValue().fields().forEachRemaining(fact -> {
      JsonNode value = fact.getValue().path("value");
      facts.add(value.isNull() || value.isMissingNode()
          ? Fact.unknown(group.getKey(), fact.getKey(), fact.getValue().path("unknownReason").asText(""))
          : Fact.of(group.getKey(), fact.getKey(), value.asText()));
    }));
    return facts;
  }
}
