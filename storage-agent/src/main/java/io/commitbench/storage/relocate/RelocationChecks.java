package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandFailedException;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The refusals every log relocation makes before it changes anything; each says what is accepted. */
final class RelocationChecks {

  /** The command-line option that lets a relocation make a missing target; refusals name it. */
  static final String CREATE_TARGET = "--create-target";

  private final CommandRunner runner;

  RelocationChecks(CommandRunner runner) {
    this.runner = runner;
  }

  /**
   * Whether the target is to be made: false when it exists (whatever it is; {@link
   * #existingDirectory} judges it). Refuses a missing target unless {@code create}, and then one
   * whose parent is not an existing directory: only the last name is made, never a path.
   */
  boolean toCreate(Path target, boolean create) throws RefusedException {
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    if (!create) {
      throw new RefusedException("target " + target + " does not exist; give an existing directory, or add "
          + CREATE_TARGET + " to have it made and handed to the server's OS user");
    }
    Path parent = target.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new RefusedException("target " + target + " does not exist and neither does its parent " + parent + "; "
          + CREATE_TARGET + " makes the last directory only: give a target whose parent exists");
    }
    return true;
  }

  /** The target's real path; refuses a missing target or one that is not a directory. */
  Path existingDirectory(Path target) throws RefusedException {
    if (!Files.exists(target)) {
      throw new RefusedException("target " + target + " does not exist; give an existing directory, or add "
          + CREATE_TARGET + " to have it made");
    }
    if (!Files.isDirectory(target)) {
      throw new RefusedException("target " + target + " is not a directory; give an existing directory");
    }
    try {
      return target.toRealPath();
    } catch (IOException e) {
      throw new RefusedException("target " + target + " cannot be resolved (" + e.getMessage() + ")");
    }
  }

  /** Refuses a target the server's OS user cannot write to and enter (the agent, as root, always could). */
  void writableBy(String osUser, Path target) throws RefusedException {
    Command probe = Command.of("test", "-w", target.toString(), "-a", "-x", target.toString()).asUser(osUser);
    try {
      if (!runner.attempt(probe).succeeded()) {
        throw new RefusedException("target " + target + " is not writable by the server's OS user " + osUser
            + "; give a directory " + osUser + " can write to (e.g. chown " + osUser + ": " + target + ")");
      }
    } catch (CommandFailedException e) {
      throw new RefusedException("cannot check whether " + osUser + " may write to " + target + ": " + e.getMessage());
    }
  }

  /** Refuses a target outside every allowed root; names the roots. */
  void withinRoots(Path realTarget, List<Path> roots) throws RefusedException {
    List<Path> realRoots = new ArrayList<>();
    for (Path root : roots) {
      try {
        realRoots.add(root.toRealPath());
      } catch (IOException e) {
        realRoots.add(root.toAbsolutePath().normalize());
      }
    }
    if (realRoots.stream().noneMatch(realTarget::startsWith)) {
      throw new RefusedException("target " + realTarget + " is outside the directories this agent was given; allowed: "
          + realRoots + " (add one with --allow-root DIR)");
    }
  }

  /** Refuses moving the log to where it is. */
  void notCurrent(Path realTarget, Path currentLogDir) throws RefusedException {
    Path current;
    try {
      current = currentLogDir.toRealPath();
    } catch (IOException e) {
      current = currentLogDir;
    }
    if (current.equals(realTarget)) {
      throw new RefusedException("the log is in " + currentLogDir + " already; give another directory");
    }
  }

  long logSize(Path log) throws RefusedException {
    try {
      return DurableCopy.sizeOf(log);
    } catch (IOException e) {
      throw new RefusedException("cannot read the current log " + log + ": " + e.getMessage());
    }
  }

  static long needed(long logBytes, long margin) {
    return logBytes + logBytes / 5 + margin;
  }

  /** The free bytes of the target's filesystem; refuses when fewer than the log × 1.2 + margin. */
  long enoughSpace(Path target, long logBytes, long margin) throws RefusedException {
    long free;
    try {
      free = Files.getFileStore(target).getUsableSpace();
    } catch (IOException e) {
      throw new RefusedException("cannot read the free space of " + target + ": " + e.getMessage());
    }
    requireSpace(target, free, logBytes, margin);
    return free;
  }

  /** Refuses when {@code free} is less than the log × 1.2 + margin; says both. */
  static void requireSpace(Path target, long free, long logBytes, long margin) throws RefusedException {
    long need = needed(logBytes, margin);
    if (free < need) {
      throw new RefusedException(String.format("not enough free space in %s: %,d bytes free, %,d needed "
          + "(log %,d bytes × 1.2 + %d MiB); free some or give a larger filesystem", target, free, need, logBytes,
          margin >> 20));
    }
  }
}
