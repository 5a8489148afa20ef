package io.commitbench.core.environment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code environment.json}: every fact of {@link EnvironmentCollector}, known or not.
 *
 * <p>Format {@code commitbench.environment/1}: a pretty-printed UTF-8 JSON object. Groups appear
 * in {@link EnvironmentCollector#GROUP_ORDER} (others after them, in the order met), facts in the
 * order given. Every fact is an object with both keys, so a reader never meets a missing field:
 * {@code value} (text, or null when unknown) and {@code unknownReason} (null when known). All
 * values are text, numbers included ({@code "25276514304"}); sizes are bytes unless the name says
 * otherwise. A second fact of the same group and name is written as {@code "name#2"}.
 *
 * <pre>
 * {
 *   "schema": "commitbench.environment/1",   // changes only when a key changes meaning or goes away
 *   "groups": {
 *     "harness":    { "version": {"value": "0.1.0", "unknownReason": null}, "commit": ..., ... },
 *     "host":       { "cpu_model", "cpu_count", "memory_total_bytes", "kernel", "os", ... },
 *     "server":     { "on_this_host", "product", "version", "data_directory", ... },
 *     "durability": { product-specific settings under the server's own names },
 *     "log_location": { name: absolute path on the server's host, ... },
 *     "log_device": { "&lt;location&gt;.filesystem", "&lt;location&gt;.rotational", ... }
 *   }
 * }
 * </pre>
 *
 * <p>Written to a temporary file in the same directory, forced to disk and renamed over the
 * target, so readers never see half a file. Stateless and thread-safe.
 */
public final class EnvironmentJsonWriter {

  /** The value of the first key, {@code schema}. */
  public static final String SCHEMA = "commitbench.environment/1";

  /** The file's name in a run's result folder. */
  public static final String FILE_NAME = "environment.json";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private EnvironmentJsonWriter() {}

  /** Writes (or replaces) {@code file} atomically. */
  public static void write(List<Fact> facts, Path file) throws IOException {
    AtomicFiles.write(file, MAPPER.writeValueAsBytes(toJson(facts)));
  }

  /** The document as a tree, in key order. */
  static ObjectNode toJson(List<Fact> facts) {
    Map<String, ObjectNode> groups = new LinkedHashMap<>();
    for (String group : EnvironmentCollector.GROUP_ORDER) {
      groups.put(group, MAPPER.createObjectNode());
    }
    for (Fact fact : facts) {
      ObjectNode group = groups.computeIfAbsent(fact.group(), g -> MAPPER.createObjectNode());
      String name = fact.name();
      for (int n = 2; group.has(name); n++) {
        name = fact.name() + "#" + n;
      }
      ObjectNode node = group.putObject(name);
      node.put("value", fact.value());
      node.put("unknownReason", fact.known() ? null : fact.unknownReason());
    }
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    ObjectNode out = root.putObject("groups");
    groups.forEach(out::set);
    return root;
  }
}
