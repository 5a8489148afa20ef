package io.commitbench.storage.oracle;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What an Oracle online redo relocation is asked to do. Immutable.
 *
 * <pre>
 * new RedoRelocationRequest("/ssd/redo", RedoGeometry.of(50 * RedoGeometry.MEGABYTE, 4096), 3, Optional.empty())
 * </pre>
 *
 * @param targetDirectory the directory on the database host that will hold the new members
 *     (absolute; one member per new group, named {@code redo_gNN.log})
 * @param geometry size and block size of the new members; an empty block size keeps the current one
 * @param newGroups how many groups to add at the target; at least 2 (Oracle's minimum per thread)
 * @param localTarget the same directory as this host sees it, when the agent can see it (a local
 *     server, a bind mount): then it is checked to exist, be writable and have room first
 */
public record RedoRelocationRequest(String targetDirectory, RedoGeometry geometry, int newGroups,
    Optional<Path> localTarget) {

  /** Three groups: one can be archived or cleared while two remain. */
  public static final int DEFAULT_NEW_GROUPS = 3;

  public RedoRelocationRequest {
    if (!targetDirectory.startsWith("/")) {
      throw new IllegalArgumentException("target directory '" + targetDirectory
          + "' is not absolute; give the absolute path on the database host, e.g. /ssd/redo");
    }
    while (targetDirectory.length() > 1 && targetDirectory.endsWith("/")) {
      targetDirectory = targetDirectory.substring(0, targetDirectory.length() - 1);
    }
    if (newGroups < 2) {
      throw new IllegalArgumentException("new groups " + newGroups
          + " is too few; Oracle needs at least 2 redo groups per thread (3 is the default)");
    }
  }

  /** Three new groups, no local view of the target. */
  public static RedoRelocationRequest of(String targetDirectory, RedoGeometry geometry) {
    return new RedoRelocationRequest(targetDirectory, geometry, DEFAULT_NEW_GROUPS, Optional.empty());
  }

  /** The member path of a new group. */
  String memberPath(int group) {
    return targetDirectory + "/" + String.format("redo_g%02d.log", group);
  }

  /** Whether a member path lies directly in the target directory. */
  boolean atTarget(String memberPath) {
    return targetDirectory.equals(parentOf(memberPath));
  }

  /** The file name part of a path on the database host. */
  static String fileName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** The directory part of a path on the database host (not necessarily this host's filesystem). */
  static String parentOf(String path) {
    int slash = path.lastIndexOf('/');
    return slash <= 0 ? "/" : path.substring(0, slash);
  }
}
