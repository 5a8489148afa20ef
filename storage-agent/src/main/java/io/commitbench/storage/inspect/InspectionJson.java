package io.commitbench.storage.inspect;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.host.BlockDevice;
import io.commitbench.core.host.PathStorage;
import io.commitbench.core.host.StorageFacts;
import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Writes what {@code storage inspect} found as JSON, for plotting and for comparing machines.
 *
 * <p>Format {@code commitbench.inspect/1}: a pretty-printed UTF-8 object, keys always present and
 * in this order; a value that could not be read is {@code null} (with the reason under {@code
 * unknown} for the facts). Sizes are bytes, latencies microseconds.
 *
 * <pre>
 * {
 *   "schema": "commitbench.inspect/1",     // changes only when a key changes meaning or goes away
 *   "harnessVersion": "...", "inspectedAt": "2026-11-21T08:00:00Z",
 *   "sources": { "mount": "/proc/self/mountinfo", ... },   // where each group of figures was read
 *   "paths": [ {
 *     "path": as given, "realPath": symlinks resolved,
 *     "mount": { "point", "filesystem", "source", "options" },
 *     "facts": { every StorageFacts attribute: string or null },  // what environment.json records
 *     "unknown": { attribute: reason, ... },                        // only the unknown ones
 *     "devices": [ { "name", "majorMinor", "kind", "detail", "rotational": bool|null,
 *                    "logicalBlockSize", "physicalBlockSize", "discardMaxBytes", "discard": bool|null,
 *                    "below": [ devices... ], "belowNote": string|null } ],
 *     "space": { "freeBytes", "totalBytes" },
 *     "probe": null | { "source": "fdatasync probe, 200 × 8 KiB writes", "writes", "blockBytes",
 *                       "fileBytes", "elapsedSeconds", "latencyMicros": { "p50", "p99", "max" } }
 *   } ]
 * }
 * </pre>
 *
 * <p>Written to a sibling temporary file, forced and renamed, so a reader never sees half of it.
 * Stateless and thread-safe.
 */
public final class InspectionJson {

  /** The value of the first key, {@code schema}. */
  public static final String SCHEMA = "commitbench.inspect/1";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final String PREFIX = "path";

  private InspectionJson() {}

  /** Writes (or replaces) {@code file} atomically. */
  public static void write(List<PathReport> reports, String harnessVersion, Instant at, Path file)
      throws IOException {
    AtomicFiles.write(file, MAPPER.writeValueAsBytes(toJson(reports, harnessVersion, at)));
  }

  static ObjectNode toJson(List<PathReport> reports, String harnessVersion, Instant at) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("harnessVersion", harnessVersion);
    root.put("inspectedAt", at.toString());
    ObjectNode sources = root.putObject("sources");
    sources.put("mount", "/proc/self/mountinfo");
    sources.put("devices", "/sys/block/<device>/queue/* (a partition: its disk's), loop/backing_file, slaves");
    sources.put("space", "statvfs of the path, as the JVM's FileStore reports it");
    sources.put("probe", "timed here: write + fdatasync of 8 KiB blocks in a preallocated temporary file");
    ArrayNode paths = root.putArray("paths");
    for (PathReport report : reports) {
      path(paths.addObject(), report);
    }
    return root;
  }

  private static void path(ObjectNode node, PathReport report) {
    PathStorage s = report.storage();
    node.put("path", s.path().toString());
    node.put("realPath", s.realPath().toString());
    ObjectNode mount = node.putObject("mount");
    mount.put("point", s.mount().mountPoint().toString());
    mount.put("filesystem", s.mount().filesystem());
    mount.put("source", s.mount().source());
    mount.put("options", s.mount().allOptions());
    ObjectNode facts = node.putObject("facts");
    ObjectNode unknown = node.putObject("unknown");
    for (Fact f : StorageFacts.of("inspect", PREFIX, s)) {
      String attribute = f.name().substring(PREFIX.length() + 1);
      facts.put(attribute, f.value());
      if (!f.known()) {
        unknown.put(attribute, f.unknownReason());
      }
    }
    devices(node.putArray("devices"), s.devices());
    ObjectNode space = node.putObject("space");
    number(space, "freeBytes", s.freeBytes());
    number(space, "totalBytes", s.totalBytes());
    probe(node, report.probe());
  }

  private static void devices(ArrayNode array, List<BlockDevice> devices) {
    for (BlockDevice d : devices) {
      ObjectNode node = array.addObject();
      node.put("name", d.name());
      node.put("majorMinor", d.majorMinor());
      node.put("kind", d.kind().label());
      node.put("detail", d.detail().isEmpty() ? null : d.detail());
      node.put("rotational", d.rotational().orElse(null));
      number(node, "logicalBlockSize", d.logicalBlockSize());
      number(node, "physicalBlockSize", d.physicalBlockSize());
      number(node, "discardMaxBytes", d.discardMaxBytes());
      node.put("discard", d.discardMaxBytes().isPresent() ? d.discardMaxBytes().getAsLong() != 0 : null);
      devices(node.putArray("below"), d.below());
      node.put("belowNote", d.belowNote().isEmpty() ? null : d.belowNote());
    }
  }

  private static void probe(ObjectNode node, Optional<ProbeResult> result) {
    if (result.isEmpty()) {
      node.putNull("probe");
      return;
    }
    ProbeResult p = result.get();
    ObjectNode probe = node.putObject("probe");
    probe.put("source", p.source());
    probe.put("writes", p.writes());
    probe.put("blockBytes", p.blockBytes());
    probe.put("fileBytes", p.fileBytes());
    probe.put("elapsedSeconds", p.elapsed().toNanos() / 1e9);
    ObjectNode latency = probe.putObject("latencyMicros");
    latency.put("p50", p.p50Micros());
    latency.put("p99", p.p99Micros());
    latency.put("max", p.maxMicros());
  }

  private static void number(ObjectNode node, String key, OptionalLong value) {
    if (value.isPresent()) {
      node.put(key, value.getAsLong());
    } else {
      node.putNull(key);
    }
  }
}
