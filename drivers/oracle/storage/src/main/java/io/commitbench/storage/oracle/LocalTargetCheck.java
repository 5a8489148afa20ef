package io.commitbench.storage.oracle;

import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks the target directory before a relocation, when the agent sees it (a local server, a bind
 * mount): it exists, is writable, has room for every new member, and holds none of the new files
 * (Oracle would refuse to overwrite them without REUSE, ORA-00301). On a remote server the plan
 * says the operator checks this; Oracle's own ADD fails cleanly otherwise.
 */
final class LocalTargetCheck {

  private final RedoRelocationRequest request;
  private final RedoGeometry geometry;

  LocalTargetCheck(RedoRelocationRequest request, RedoGeometry geometry) {
    this.request = request;
    this.geometry = geometry;
  }

  void check(List<Integer> newGroups) throws RefusedException {
    if (request.localTarget().isEmpty()) {
      return;
    }
    Path dir = request.localTarget().get();
    if (!Files.isDirectory(dir)) {
      throw new RefusedException("target " + dir + " is not an existing directory; create it (owned by the"
          + " database's OS user, e.g. oracle) or give an existing one");
    }
    if (!Files.isWritable(dir)) {
      throw new RefusedException("target " + dir + " is not writable; make it writable by the database's OS user");
    }
    long needed = geometry.bytes() * newGroups.size();
    long free;
    try {
      free = Files.getFileStore(dir).getUsableSpace();
    } catch (IOException e) {
      throw new RefusedException("cannot read the free space of " + dir + ": " + e.getMessage());
    }
    if (free < needed) {
      throw new RefusedException("target " + dir + " has " + free + " bytes free, but " + newGroups.size()
          + " groups of " + geometry.bytes() + " bytes need " + needed + "; free space or give a smaller size");
    }
    for (int group : newGroups) {
      String name = RedoRelocationRequest.fileName(request.memberPath(group));
      if (Files.exists(dir.resolve(name))) {
        throw new RefusedException("target " + dir + " already holds " + name + ", which new group " + group
            + " would use; remove it or give another directory");
      }
    }
  }
}
