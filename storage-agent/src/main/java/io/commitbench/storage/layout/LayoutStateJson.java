package io.commitbench.storage.layout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code layout.json}, format {@code commitbench.layout/1}: one object with {@code format},
 * {@code root}, {@code id}, {@code manager}, {@code filesystem}, {@code devices} (paths),
 * {@code thin_volume_bytes} (lvm-thin-raid0), {@code volume_group} (LVM managers, for the reader's
 * eye: it follows from the id), {@code mount_point} and {@code data_dir} (likewise),
 * {@code created}, {@code complete}, {@code made} (part names, in making order) and
 * {@code snapshots} (each with {@code number}, {@code name}, {@code kind}, {@code location},
 * {@code created}). A reader refuses another format.
 */
final class LayoutStateJson {

  static final String FORMAT = "commitbench.layout/1";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private LayoutStateJson() {}

  static byte[] write(LayoutState state) throws IOException {
    LayoutSpec spec = state.spec();
    ObjectNode o = JSON.createObjectNode();
    o.put("format", FORMAT);
    o.put("root", spec.root().toString());
    o.put("id", spec.id());
    o.put("manager", spec.manager().label());
    o.put("filesystem", spec.filesystem().label());
    spec.devices().forEach(d -> o.withArray("devices").add(d.toString()));
    spec.thinVolumeBytes().ifPresent(b -> o.put("thin_volume_bytes", b));
    state.volumeGroup().ifPresent(vg -> o.put("volume_group", vg));
    o.put("mount_point", state.mountPoint().toString());
    o.put("data_dir", state.dataDir().toString());
    o.put("created", state.created().toString());
    o.put("complete", state.complete());
    o.putArray("made");
    state.madeInOrder().forEach(p -> o.withArray("made").add(p.key()));
    o.putArray("snapshots");
    for (LayoutSnapshot s : state.snapshots()) {
      ObjectNode n = o.withArray("snapshots").addObject();
      n.put("number", s.number());
      n.put("name", s.name());
      n.put("kind", s.kind());
      n.put("location", s.location());
      n.put("created", s.created().toString());
    }
    return (JSON.writeValueAsString(o) + "\n").getBytes(StandardCharsets.UTF_8);
  }

  static LayoutState parse(byte[] bytes, Path file) throws IOException {
    JsonNode o = JSON.readTree(bytes);
    if (o == null || !FORMAT.equals(o.path("format").asText())) {
      throw new IOException(file + " is not a commitbench layout file (format " + FORMAT + " expected, found '"
          + (o == null ? "" : o.path("format").asText()) + "')");
    }
    try {
      List<Path> devices = new ArrayList<>();
      o.path("devices").forEach(d -> devices.add(Path.of(d.asText())));
      VolumeManager manager = VolumeManager.byLabel(text(o, "manager", file))
          .orElseThrow(() -> new IOException(file + ": unknown manager '" + o.path("manager").asText() + "'"));
      LayoutFilesystem fs = LayoutFilesystem.byLabel(text(o, "filesystem", file))
          .orElseThrow(() -> new IOException(file + ": unknown filesystem '" + o.path("filesystem").asText() + "'"));
      Optional<Long> thin = o.has("thin_volume_bytes") ? Optional.of(o.get("thin_volume_bytes").asLong())
          : Optional.empty();
      LayoutSpec spec = new LayoutSpec(Path.of(text(o, "root", file)), text(o, "id", file), manager, fs, devices, thin);
      Set<LayoutPart> made = EnumSet.noneOf(LayoutPart.class);
      for (JsonNode p : o.path("made")) {
        made.add(LayoutPart.byKey(p.asText()));
      }
      List<LayoutSnapshot> snapshots = new ArrayList<>();
      for (JsonNode s : o.path("snapshots")) {
        snapshots.add(new LayoutSnapshot(s.path("number").asInt(), text(s, "name", file), text(s, "kind", file),
            text(s, "location", file), Instant.parse(text(s, "created", file))));
      }
      return new LayoutState(spec, Instant.parse(text(o, "created", file)), o.path("complete").asBoolean(), made,
          snapshots);
    } catch (IllegalArgumentException | java.time.DateTimeException e) {
      throw new IOException(file + " does not hold a valid layout: " + e.getMessage(), e);
    }
  }

  private static String text(JsonNode n, String field, Path file) throws IOException {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual()) {
      throw new IOException(file + ": field '" + field + "' missing or not text");
    }
    return v.asText();
  }
}
