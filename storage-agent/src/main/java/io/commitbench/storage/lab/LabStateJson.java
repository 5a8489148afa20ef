package io.commitbench.storage.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code lab.json}, format {@code commitbench.lab/1}: one object with {@code format}, {@code id},
 * {@code root}, {@code filesystem}, {@code created}, {@code complete}, {@code devices} (each with
 * {@code name}, {@code image}, {@code size_bytes}, {@code image_created}, {@code loop} and
 * {@code maj_min} and {@code rotational} when attached, {@code formatted}, {@code mount_point},
 * {@code mount_point_created}, {@code mounted}) and {@code cgroup} ({@code dir}, {@code throttle}:
 * file name to line) once made. A reader refuses another format.
 */
final class LabStateJson {

  static final String FORMAT = "commitbench.lab/1";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private LabStateJson() {}

  static byte[] write(LabState state) throws IOException {
    ObjectNode o = JSON.createObjectNode();
    o.put("format", FORMAT);
    o.put("id", state.id());
    o.put("root", state.root().toString());
    o.put("filesystem", state.filesystem().label());
    o.put("created", state.created().toString());
    o.put("complete", state.complete());
    for (LabDevice d : state.devices()) {
      ObjectNode n = o.withArray("devices").addObject();
      n.put("name", d.name());
      n.put("image", d.image().toString());
      n.put("size_bytes", d.sizeBytes());
      n.put("image_created", d.imageCreated());
      d.loop().ifPresent(v -> n.put("loop", v));
      d.majMin().ifPresent(v -> n.put("maj_min", v));
      d.rotational().ifPresent(v -> n.put("rotational", v));
      n.put("formatted", d.formatted());
      n.put("mount_point", d.mountPoint().toString());
      n.put("mount_point_created", d.mountPointCreated());
      n.put("mounted", d.mounted());
    }
    state.cgroup().ifPresent(c -> {
      ObjectNode n = o.putObject("cgroup");
      n.put("dir", c.dir().toString());
      ObjectNode t = n.putObject("throttle");
      c.throttle().forEach(t::put);
    });
    return (JSON.writeValueAsString(o) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  static LabState parse(byte[] bytes, Path file) throws IOException {
    JsonNode o = JSON.readTree(bytes);
    if (o == null || !FORMAT.equals(o.path("format").asText())) {
      throw new IOException(file + " is not a commitbench lab file (format " + FORMAT + " expected, found '"
          + (o == null ? "" : o.path("format").asText()) + "')");
    }
    List<LabDevice> devices = new ArrayList<>();
    for (JsonNode n : o.path("devices")) {
      devices.add(new LabDevice(text(n, "name", file), Path.of(text(n, "image", file)), n.path("size_bytes").asLong(),
          n.path("image_created").asBoolean(), optional(n, "loop"), optional(n, "maj_min"), optional(n, "rotational"),
          n.path("formatted").asBoolean(), Path.of(text(n, "mount_point", file)),
          n.path("mount_point_created").asBoolean(), n.path("mounted").asBoolean()));
    }
    Optional<LabCgroup> cgroup = Optional.empty();
    JsonNode c = o.path("cgroup");
    if (c.isObject()) {
      Map<String, String> throttle = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = c.path("throttle").fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        throttle.put(e.getKey(), e.getValue().asText());
      }
      cgroup = Optional.of(new LabCgroup(Path.of(text(c, "dir", file)), throttle));
    }
    return new LabState(text(o, "id", file), Path.of(text(o, "root", file)),
        LabFilesystem.fromLabel(text(o, "filesystem", file)), Instant.parse(text(o, "created", file)),
        o.path("complete").asBoolean(), devices, cgroup);
  }

  private static String text(JsonNode n, String field, Path file) throws IOException {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual()) {
      throw new IOException(file + ": field '" + field + "' missing or not text");
    }
    return v.asText();
  }

  private static Optional<String> optional(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? Optional.empty() : Optional.of(v.asText());
  }
}
