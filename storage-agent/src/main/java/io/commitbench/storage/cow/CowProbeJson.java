package io.commitbench.storage.cow;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.host.BlockDevice;
import io.commitbench.core.io.AtomicFiles;
import io.commitbench.storage.snapshot.Snapshot;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes a probe's result as JSON, for plotting and for comparing storage.
 *
 * <p>Format {@code commitbench.cow-probe/1}: a pretty-printed UTF-8 object, keys always present and
 * in this order; a value that is not known is {@code null}, with the reason beside it. Sizes are
 * bytes, times seconds.
 *
 * <pre>
 * {
 *   "schema": "commitbench.cow-probe/1",   // changes only when a key changes meaning or goes away
 *   "harnessVersion": "...", "startedAt": "2026-11-21T08:00:00Z",
 *   "directory": as given, "file": the probe file, "fileKept": bool,
 *   "storage": { "mountPoint", "filesystem", "source", "deviceChains": [ "loop3 (loop, …) > vda (disk)" ] },
 *   "spec": { "sizeBytes", "blockBytes", "blocks", "workers", "rewrites", "seed",
 *             "fillOrder": "ranges"|"random", "snapshot": "auto"|"none", "dropCache": "file"|"system"|"none" },
 *   "phases": [ { "name": "fill"|"snapshot"|"rewrite"|"read", "seconds", "bytes", "operations",
 *                 "mibPerSecond", "operationsPerSecond", "syncSeconds": number|null } ],
 *   "extents": { "source": "filefrag (FIEMAP)", "afterFill": n|null, "afterFillUnknown": reason|null,
 *                "afterRewrite": n|null, "afterRewriteUnknown": reason|null },
 *   "snapshot": { "taken": bool, "kind", "source", "location", "removed": bool, "removeFailure",
 *                 "notTakenReason" },        // strings are null where they do not apply
 *   "cache": { "method", "dropped": bool, "note", "residentBytesBeforeRead": n|null }
 * }
 * </pre>
 *
 * <p>Written to a sibling temporary file, forced and renamed, so a reader never sees half of it.
 * Stateless and thread-safe.
 */
public final class CowProbeJson {

  /** The value of the first key, {@code schema}. */
  public static final String SCHEMA = "commitbench.cow-probe/1";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CowProbeJson() {}

  /** Writes (or replaces) {@code file} atomically. */
  public static void write(CowProbeResult result, String harnessVersion, Path file) throws IOException {
    AtomicFiles.write(file, MAPPER.writeValueAsBytes(toJson(result, harnessVersion)));
  }

  static ObjectNode toJson(CowProbeResult r, String harnessVersion) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("harnessVersion", harnessVersion);
    root.put("startedAt", r.startedAt().toString());
    root.put("directory", r.spec().directory().toString());
    root.put("file", r.file().toString());
    root.put("fileKept", r.fileKept());
    storage(root.putObject("storage"), r);
    spec(root.putObject("spec"), r.spec());
    phases(root.putArray("phases"), r);
    extents(root.putObject("extents"), r);
    snapshot(root.putObject("snapshot"), r.snapshot());
    ObjectNode cache = root.putObject("cache");
    cache.put("method", r.cache().method());
    cache.put("dropped", r.cache().dropped());
    cache.put("note", r.cache().note().isEmpty() ? null : r.cache().note());
    if (r.cache().residentBytes().isPresent()) {
      cache.put("residentBytesBeforeRead", r.cache().residentBytes().getAsLong());
    } else {
      cache.putNull("residentBytesBeforeRead");
    }
    return root;
  }

  private static void storage(ObjectNode node, CowProbeResult r) {
    node.put("mountPoint", r.storage().mount().mountPoint().toString());
    node.put("filesystem", r.storage().mount().filesystem());
    node.put("source", r.storage().mount().source());
    ArrayNode chains = node.putArray("deviceChains");
    r.storage().devices().stream().map(BlockDevice::chain).forEach(chains::add);
  }

  private static void spec(ObjectNode node, CowProbeSpec s) {
    node.put("sizeBytes", s.sizeBytes());
    node.put("blockBytes", CowProbeSpec.BLOCK_BYTES);
    node.put("blocks", s.blocks());
    node.put("workers", s.workers());
    node.put("rewrites", s.rewrites());
    node.put("seed", s.seed());
    node.put("fillOrder", s.fillOrder().label());
    node.put("snapshot", s.snapshotMode().label());
    node.put("dropCache", s.cacheDrop().label());
  }

  private static void phases(ArrayNode array, CowProbeResult r) {
    for (PhaseResult p : r.phases()) {
      ObjectNode node = array.addObject();
      node.put("name", p.name());
      node.put("seconds", p.seconds());
      node.put("bytes", p.bytes());
      node.put("operations", p.operations());
      node.put("mibPerSecond", p.mibPerSecond());
      node.put("operationsPerSecond", p.operationsPerSecond());
      if (p.sync().isPresent()) {
        node.put("syncSeconds", p.sync().get().toNanos() / 1e9);
      } else {
        node.putNull("syncSeconds");
      }
    }
  }

  private static void extents(ObjectNode node, CowProbeResult r) {
    node.put("source", "filefrag (FIEMAP)");
    count(node, "afterFill", r.extentsAfterFill());
    count(node, "afterRewrite", r.extentsAfterRewrite());
  }

  private static void count(ObjectNode node, String key, ExtentCount c) {
    if (c.extents().isPresent()) {
      node.put(key, c.extents().getAsLong());
      node.putNull(key + "Unknown");
    } else {
      node.putNull(key);
      node.put(key + "Unknown", c.unknownReason());
    }
  }

  private static void snapshot(ObjectNode node, SnapshotOutcome s) {
    node.put("taken", s.taken());
    node.put("kind", s.snapshot().map(Snapshot::description).orElse(null));
    node.put("source", s.snapshot().map(Snapshot::source).orElse(null));
    node.put("location", s.snapshot().map(Snapshot::location).orElse(null));
    node.put("removed", s.removed());
    node.put("removeFailure", s.removeFailure().isEmpty() ? null : s.removeFailure());
    node.put("notTakenReason", s.taken() ? null : s.reason());
  }
}
