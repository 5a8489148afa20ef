package io.commitbench.storage.oracle;

/**
 * Something done to a redo member file on the database host, given its path as the server names
 * it: removing it, or trimming the filesystem it is on. The agent does it itself only where it can
 * reach the file (a local server, {@code docker exec} into a container); elsewhere there is no
 * action and the operator is told the command instead.
 */
@FunctionalInterface
public interface MemberFileAction {

  /** Acts on the file at {@code path} (a path on the database host). */
  void apply(String path) throws Exception;
}
