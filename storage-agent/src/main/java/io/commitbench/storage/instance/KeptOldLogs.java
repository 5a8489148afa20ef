package io.commitbench.storage.instance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The old logs that relocations kept inside the trees {@code instance destroy} removes: a log
 * renamed {@code LOG.moved-N} beside the log, which lies at most {@link #DEPTH} levels below the
 * tree (the WAL directory in the data directory, a redo log directory beside it). Destroy names
 * each in its plan and journal before it removes the tree, so that a kept copy never goes unnamed.
 *
 * <p>Stateless; reads the file system only.
 */
public final class KeptOldLogs {

  /**
   * What a kept old log's name has between the log's name and its number: {@code LOG.moved-1}.
   * Relocations name the copies they keep with it; destroy finds them by it.
   */
  public static final String SUFFIX = ".moved-";

  /** How far below a removed tree a log, and so its kept copy, can lie. */
  static final int DEPTH = 2;

  private static final Pattern KEPT_NAME =
      Pattern.compile(".+" + Pattern.quote(SUFFIX) + "[0-9]+");

  private KeptOldLogs() {}

  /** The kept old logs in {@code trees}, in the trees' order and then by path; none for a missing tree. */
  static List<Path> within(List<Path> trees) {
    List<Path> kept = new ArrayList<>();
    for (Path tree : trees) {
      if (!Files.isDirectory(tree, LinkOption.NOFOLLOW_LINKS)) {
        continue;
      }
      try (Stream<Path> paths = Files.walk(tree, DEPTH)) {
        paths.filter(p -> !p.equals(tree) && KEPT_NAME.matcher(p.getFileName().toString()).matches())
            .sorted().filter(p -> !kept.contains(p)).forEach(kept::add);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list " + tree + " for old logs relocations kept there", e);
      }
    }
    return kept;
  }
}
