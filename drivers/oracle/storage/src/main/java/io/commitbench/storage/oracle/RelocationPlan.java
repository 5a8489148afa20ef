package io.commitbench.storage.oracle;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a relocation decided from the server's state before acting: the old groups, the geometry
 * and numbers of the new ones. Immutable.
 *
 * @param request what was asked
 * @param snapshot the server's state when checked
 * @param geometry the new members' size and block size, block size resolved
 * @param newGroups the unused GROUP#s the new groups get
 */
record RelocationPlan(RedoRelocationRequest request, OracleRedoPreconditions.Snapshot snapshot, RedoGeometry geometry,
    List<Integer> newGroups) {

  /** Oracle-managed files carry this in their name; DROP deletes them. */
  private static final String OMF_MARKER = "o1_mf_";

  RelocationPlan {
    newGroups = List.copyOf(newGroups);
  }

  static boolean isOmf(String path) {
    return RedoRelocationRequest.fileName(path).startsWith(OMF_MARKER);
  }

  boolean archiveLog() {
    return snapshot.archiveLog();
  }

  List<RedoGroup> oldGroups() {
    return snapshot.groups();
  }

  List<Integer> oldNumbers() {
    return oldGroups().stream().map(RedoGroup::group).toList();
  }

  /** The directories holding old members, the first one's first. */
  List<String> oldDirectories() {
    return oldGroups().stream().flatMap(g -> g.paths().stream()).map(RedoRelocationRequest::parentOf).distinct()
        .toList();
  }

  /** The old groups' geometry: the largest size among them, the current group's block size. */
  RedoGeometry oldGeometry() {
    long bytes = oldGroups().stream().mapToLong(RedoGroup::bytes).max().orElseThrow();
    int blocksize = oldGroups().stream().filter(g -> g.is(RedoGroup.CURRENT)).findFirst()
        .orElse(oldGroups().get(0)).blocksize();
    return RedoGeometry.of(bytes, blocksize);
  }

  /** The {@code discovered} journal step: everything undo needs to move the logs back. */
  Map<String, String> discoveryDetail() {
    Map<String, String> detail = new LinkedHashMap<>();
    detail.put("log_mode", snapshot.logMode());
    detail.put("old_groups", join(oldNumbers()));
    detail.put("old_members", String.join("|", oldGroups().stream()
        .flatMap(g -> g.paths().stream().map(p -> g.group() + "=" + p)).toList()));
    detail.put("old_directory", oldDirectories().get(0));
    detail.put("old_bytes", Long.toString(oldGeometry().bytes()));
    detail.put("old_blocksize", Integer.toString(oldGeometry().blocksize().getAsInt()));
    detail.put("target", request.targetDirectory());
    detail.put("new_groups", join(newGroups));
    detail.put("new_bytes", Long.toString(geometry.bytes()));
    detail.put("new_blocksize", Integer.toString(geometry.blocksize().getAsInt()));
    return detail;
  }

  private static String join(List<Integer> numbers) {
    return String.join(",", numbers.stream().map(String::valueOf).toList());
  }
}
