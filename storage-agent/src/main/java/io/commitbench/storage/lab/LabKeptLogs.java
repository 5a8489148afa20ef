package io.commitbench.storage.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Old logs that a relocation moved away from and kept on a lab's mounts (a log directory renamed
 * beside the log, after a move or an undo), which {@code down} would delete with the images. Each
 * is a file {@code ROOT/kept/NAME.json}, written by the relocation before it keeps the log there,
 * naming the path, what it is, the journal of the relocation that kept it and since when. {@code
 * down} lists every one still there by path and deletes them only when told to; the records of
 * those that are gone (deleted or moved off by hand) are ignored and removed with the lab.
 *
 * <pre>
 * LabKeptLogs.record(lab.root(), new LabKeptLogs.Kept(walDir.resolveSibling("pg_wal.moved-1"),
 *     "the old WAL of managed postgresql instance /var/tmp/pg", journal, Instant.now()));
 * List&lt;LabKeptLogs.Kept&gt; present = LabKeptLogs.present(lab.root());
 * </pre>
 *
 * <p>Stateless; a record is replaced atomically, so a crash leaves the old one or the new one.
 */
public final class LabKeptLogs {

  /** The records' folder in the lab's root. */
  public static final String DIR = "kept";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * One kept old log.
   *
   * @param path where it is, on one of the lab's mounts
   * @param what what it is, e.g. {@code the old WAL of managed postgresql instance /var/tmp/pg}
   * @param journal the journal of the relocation that kept it
   * @param since when it was kept
   */
  public record Kept(Path path, String what, Path journal, Instant since) {

    /** The kept log as one line of a plan or a refusal, with its size now. */
    public String describe() throws IOException {
      return path + " (" + String.format(java.util.Locale.ROOT, "%,d", bytes(path)) + " bytes): " + what + ", kept since " + since
          + " by the relocation journaled in " + journal;
    }
  }

  private LabKeptLogs() {}

  /** Records (or replaces) the kept log at {@code kept.path()} on the lab at {@code root}. */
  public static void record(Path root, Kept kept) throws IOException {
    ObjectNode n = JSON.createObjectNode();
    n.put("path", kept.path().toString());
    n.put("what", kept.what());
    n.put("journal", kept.journal().toString());
    n.put("since", kept.since().toString());
    Path file = LabTenants.recordFile(root.resolve(DIR), kept.path());
    Files.createDirectories(file.getParent());
    AtomicFiles.write(file, (JSON.writeValueAsString(n) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Removes the record of the kept log at {@code path} on the lab at {@code root}, if any. */
  static void forget(Path root, Path path) throws IOException {
    Files.deleteIfExists(LabTenants.recordFile(root.resolve(DIR), path));
  }

  /** The kept logs still where their record says, in the order of their records' names. */
  public static List<Kept> present(Path root) throws IOException {
    List<Kept> present = new ArrayList<>();
    for (Path record : records(root)) {
      Kept k = read(record);
      if (Files.exists(k.path(), LinkOption.NOFOLLOW_LINKS)) {
        present.add(k);
      }
    }
    return present;
  }

  /**
   * Removes the records of kept logs that are gone and the folder once it is empty; returns how
   * many records it removed.
   */
  static int removeGone(Path root) throws IOException {
    int removed = 0;
    for (Path record : records(root)) {
      if (!Files.exists(read(record).path(), LinkOption.NOFOLLOW_LINKS)) {
        Files.delete(record);
        removed++;
      }
    }
    Path dir = root.resolve(DIR);
    if (Files.isDirectory(dir) && records(root).isEmpty()) {
      Files.delete(dir);
    }
    return removed;
  }

  /** The bytes of the regular files under a path (the path itself when it is a file). */
  static long bytes(Path p) throws IOException {
    if (!Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
      return Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) ? Files.size(p) : 0;
    }
    try (Stream<Path> all = Files.walk(p)) {
      long total = 0;
      for (Path f : all.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).toList()) {
        total += Files.size(f);
      }
      return total;
    }
  }

  private static List<Path> records(Path root) throws IOException {
    return LabRecordFiles.in(root, DIR);
  }

  private static Kept read(Path record) throws IOException {
    JsonNode n = JSON.readTree(record.toFile());
    if (!n.hasNonNull("path")) {
      throw new IOException(record + " is not a record of a kept log (no 'path'); remove it if nothing of yours is"
          + " on the lab");
    }
    return new Kept(Path.of(n.get("path").asText()), n.path("what").asText(), Path.of(n.path("journal").asText()),
        Instant.parse(n.path("since").asText(Instant.EPOCH.toString())));
  }
}
