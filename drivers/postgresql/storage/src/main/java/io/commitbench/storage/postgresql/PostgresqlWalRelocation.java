package io.commitbench.storage.postgresql;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.instance.Trees;
import io.commitbench.storage.plan.Action;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.plan.Step;
import io.commitbench.storage.relocate.DurableCopy;
import io.commitbench.storage.relocate.LogCeiling;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Moves a managed PostgreSQL cluster's WAL to {@code TO/pg_wal} the way the documentation says
 * (wal-internals): fast stop, copy, swap the {@code pg_wal} symlink, start. The copy keeps owner
 * and mode and is fsynced; the symlink is swapped atomically (a new link renamed over the old
 * one), so a crash leaves either the old or the new WAL in use, never none. The old WAL directory
 * is <b>kept</b>, renamed {@code pg_wal.moved-N} ({@link #keptLog}), and journaled: nothing the
 * server wrote is deleted by the agent.
 */
public final class PostgresqlWalRelocation extends ManagedLogRelocation {

  private static final String LSN = "SELECT pg_current_wal_lsn()";

  private Path linkBefore;

  public PostgresqlWalRelocation(ManagedInstance instance, Path target, List<Path> allowedRoots, CommandRunner runner,
      Clock clock) {
    this(instance, instance.descriptor().logDir(), target, allowedRoots, runner, clock);
  }

  PostgresqlWalRelocation(ManagedInstance instance, Path origin, Path target, List<Path> allowedRoots,
      CommandRunner runner, Clock clock) {
    super(instance, origin, target, allowedRoots, runner, clock);
  }

  private Path link() {
    return instance.descriptor().dataDir().resolve(PostgresqlLogFiles.WAL_DIR);
  }

  private Path newWal() {
    return copy();
  }

  private Path oldWal() {
    return oldLog();
  }

  @Override
  protected String logName() {
    return "WAL";
  }

  @Override
  protected String stopKind() {
    return "fast shutdown";
  }

  @Override
  protected void refuseIfOccupied() throws RefusedException {
    if (!Files.isSymbolicLink(link())) {
      throw new RefusedException(link() + " is not a symlink; this instance was not made with its WAL apart");
    }
    if (exists(newWal())) {
      throw new RefusedException(newWal() + " exists already; give a directory without a pg_wal in it");
    }
  }

  @Override
  protected List<Step> moveSteps() {
    return steps(
        Step.recordedByActions("copy the WAL keeping owner, mode and times; fsync every file and directory; compare"
            + " sizes (in-process)", Action.recorded(List.of(Command.of("cp", "-a", "-T", oldWal().toString(),
                newWal().toString()).display(), Command.of("sync", newWal().toString()).display()), () -> {
                  long bytes = DurableCopy.copy(oldWal(), newWal());
                  return Action.Outcome.step("copied the WAL", Map.of("from", oldWal().toString(), "to",
                      newWal().toString(), "bytes", Long.toString(bytes)));
                })),
        Step.recordedByActions("point pg_wal at the copy atomically (in-process: a new symlink renamed over the old"
            + " one)", Action.recorded(swapShown(newWal()), () -> {
              linkBefore = Files.readSymbolicLink(link());
              swapLink(newWal());
              return Action.Outcome.step("pointed pg_wal at the copy", Map.of("link", link().toString(), "old",
                  linkBefore.toString(), "new", newWal().toString()));
            })));
  }

  /** The atomic swap of the pg_wal symlink to {@code to}, as the shell would do it. */
  private List<String> swapShown(Path to) {
    return List.of(Command.of("ln", "-s", to.toString(), tmpLink().toString()).display(),
        Command.of("mv", "-T", tmpLink().toString(), link().toString()).display());
  }

  @Override
  protected List<Step> verifySteps() {
    InstanceDescriptor moved = instance.descriptor().withLogDir(target);
    String[] lsn = new String[1];
    return steps(Step.recordedByActions("verify: the server answers, pg_wal resolves to " + newWal()
            + ", pg_controldata says 'in production'",
        Action.local(instance.engine().sql(moved, LSN).display(), () -> lsn[0] = instance.query(LSN)),
        Action.recorded(controldata().display(), () -> verified(verify(lsn[0])))));
  }

  @Override
  protected List<Step> finishSteps() {
    return steps(keepOldLogStep("keep the old WAL directory, renamed (journaled; delete it when sure)",
        "kept the old WAL directory"));
  }

  /** {@code max_wal_size} + {@code wal_keep_size} from the running server ({@link PostgresqlWalCeiling}). */
  @Override
  protected Optional<LogCeiling> logCeiling() throws IOException {
    return Optional.of(PostgresqlWalCeiling.parse(instance.query(PostgresqlWalCeiling.SQL)));
  }

  @Override
  protected List<String> notes() {
    return List.of(keptNote());
  }

  /** Replaces the pg_wal symlink by one to {@code to} atomically, keeping the old link's owner. */
  private void swapLink(Path to) throws IOException {
    Path tmp = tmpLink();
    Files.deleteIfExists(tmp);
    Files.createSymbolicLink(tmp, to);
    PosixFileAttributes owner = Files.readAttributes(link(), PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    PosixFileAttributeView view = Files.getFileAttributeView(tmp, PosixFileAttributeView.class,
        LinkOption.NOFOLLOW_LINKS);
    view.setOwner(owner.owner());
    view.setGroup(owner.group());
    Files.move(tmp, link(), StandardCopyOption.ATOMIC_MOVE);
    DurableCopy.fsync(link().getParent());
  }

  private Path tmpLink() {
    return instance.descriptor().dataDir().resolve("pg_wal.commitbench-new");
  }

  /** Checks that pg_wal leads to the copy and the cluster is in production; returns what was seen. */
  private String verify(String lsn) throws IOException {
    Path real = link().toRealPath();
    if (!real.equals(newWal().toRealPath())) {
      throw new IOException("pg_wal resolves to " + real + ", not to " + newWal());
    }
    String state = runner.run(controldata()).stdout().lines().filter(l -> l.startsWith("Database cluster state:"))
        .findFirst().orElse("").replace("Database cluster state:", "").strip();
    if (!state.equals("in production")) {
      throw new IOException("pg_controldata says the cluster state is '" + state + "', not 'in production'");
    }
    return "server answers (WAL at " + lsn + "), pg_wal -> " + real + ", cluster state " + state;
  }

  private Command controldata() {
    InstanceDescriptor d = instance.descriptor();
    return Command.of(d.binDir().resolve("pg_controldata").toString(), "-D", d.dataDir().toString())
        .asUser(instance.engine().osUser());
  }

  @Override
  protected List<Step> restoreSteps() {
    List<Step> steps = steps();
    Path tmp = tmpLink();
    if (exists(tmp)) {
      steps.add(Step.of("remove the new link that was not renamed yet", "removed the new link that was not renamed yet",
          Action.local(Command.of("rm", tmp.toString()).display(), () -> Files.delete(tmp)))
          .withDetail(Map.of("path", tmp.toString())));
    }
    if (pointsAtCopy()) {
      // The link this move replaced, or (recovering a killed move) the old WAL the journal names.
      Path back = linkBefore != null ? linkBefore : oldWal();
      steps.add(Step.recordedByActions("point pg_wal back at the old WAL atomically (in-process)",
          Action.recorded(swapShown(back), () -> {
            swapLink(back);
            return Action.Outcome.step("pointed pg_wal back at the old WAL", Map.of("link", link().toString(), "to",
                back.toString()));
          })));
    }
    if (exists(newWal())) {
      steps.add(Step.of("remove the copy " + newWal() + " (the old WAL is complete and stays the log)",
          "removed the copy", Action.local(Command.of("rm", "-r", newWal().toString()).display(),
              () -> Trees.delete(newWal()))).withDetail(Map.of("path", newWal().toString())));
    }
    return steps;
  }

  /** Whether pg_wal leads to the copy: the move swapped the link and nothing swapped it back. */
  private boolean pointsAtCopy() {
    try {
      return Files.isSymbolicLink(link()) && Files.readSymbolicLink(link()).equals(newWal());
    } catch (IOException e) {
      return false;
    }
  }
}
