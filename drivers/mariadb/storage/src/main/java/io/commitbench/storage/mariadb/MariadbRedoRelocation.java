package io.commitbench.storage.mariadb;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.plan.Action;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.plan.Step;
import io.commitbench.storage.relocate.DurableCopy;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Moves a managed MariaDB server's redo log ({@code ib_logfile0}) to another directory as the
 * documentation allows it: only after a slow shutdown ({@code innodb_fast_shutdown=0}), which
 * leaves a log with nothing to recover. {@code innodb_log_group_home_dir} is not dynamic, so the
 * new directory is written to the instance descriptor and passed on every start. Since 10.8 the
 * server refuses to start without its log (MDEV-27199), so the old file is deleted only once the
 * server runs on the copy and its error log shows no {@code [ERROR]}.
 */
public final class MariadbRedoRelocation extends ManagedLogRelocation {

  private static final String LOG_FILE = MariadbLogFiles.REDO_LOG;
  private static final String HOME_DIR = "SELECT @@innodb_log_group_home_dir";

  private long errorLogStart;

  public MariadbRedoRelocation(ManagedInstance instance, Path target, List<Path> allowedRoots, CommandRunner runner,
      Clock clock) {
    this(instance, instance.descriptor().logDir(), target, allowedRoots, runner, clock);
  }

  MariadbRedoRelocation(ManagedInstance instance, Path origin, Path target, List<Path> allowedRoots,
      CommandRunner runner, Clock clock) {
    super(instance, origin, target, allowedRoots, runner, clock);
  }

  private Path newLog() {
    return copy();
  }

  @Override
  protected String logName() {
    return "redo log";
  }

  @Override
  protected String stopKind() {
    return "slow shutdown: innodb_fast_shutdown=0, so the redo log holds nothing to recover";
  }

  @Override
  protected void refuseIfOccupied() throws RefusedException {
    if (exists(newLog())) {
      throw new RefusedException(newLog() + " exists already; give a directory without an " + LOG_FILE);
    }
  }

  @Override
  protected List<Step> moveSteps() {
    return steps(Step.recordedByActions("copy " + LOG_FILE + " keeping owner, mode and times; fsync it and the directory;"
        + " compare sizes (in-process)", Action.recorded(List.of(Command.of("cp", "-a", oldLog().toString(),
            newLog().toString()).display(), Command.of("sync", newLog().toString(), target.toString()).display()), () -> {
              long bytes = DurableCopy.copy(oldLog(), newLog());
              return Action.Outcome.step("copied the redo log", Map.of("from", oldLog().toString(), "to",
                  newLog().toString(), "bytes", Long.toString(bytes)));
            })));
  }

  /** {@code innodb_log_group_home_dir} is what the descriptor's log directory becomes on every start. */
  @Override
  protected String recordDescription() {
    return "write innodb_log_group_home_dir=" + target + " to the instance descriptor";
  }

  @Override
  protected List<Step> verifySteps() {
    InstanceDescriptor moved = instance.descriptor().withLogDir(target);
    return steps(Step.recordedByActions("verify: @@innodb_log_group_home_dir is " + target + " and the error log has no"
        + " [ERROR] since the start", Action.recorded(instance.engine().sql(moved, HOME_DIR).display(),
            () -> verified(verify()))));
  }

  @Override
  protected List<Step> finishSteps() {
    return steps(Step.of("delete the old redo log, now that the server runs on the copy", "deleted the old redo log",
        Action.local(Command.of("rm", oldLog().toString()).display(), () -> {
          Files.delete(oldLog());
          DurableCopy.fsync(oldLog().getParent());
        })).withDetail(Map.of("path", oldLog().toString())));
  }

  @Override
  protected List<String> notes() {
    return List.of("the old " + LOG_FILE + " is deleted only after the server has started on the copy");
  }

  @Override
  protected void startForVerify() throws IOException {
    Path errors = MariadbEngine.errorLog(instance.descriptor());
    errorLogStart = Files.exists(errors) ? Files.size(errors) : 0;
    super.startForVerify();
  }

  /** Checks the server's log directory and its error log since the start; returns what was seen. */
  private String verify() throws IOException {
    String home = instance.query(HOME_DIR);
    if (!Path.of(home).toAbsolutePath().normalize().equals(target)) {
      throw new IOException("the server reports innodb_log_group_home_dir=" + home + ", not " + target);
    }
    List<String> errors = errorLogSinceStart().lines().filter(l -> l.contains("[ERROR]")).toList();
    if (!errors.isEmpty()) {
      throw new IOException("the error log shows " + errors.size() + " [ERROR] line(s) since the start: "
          + errors.get(0));
    }
    return "innodb_log_group_home_dir=" + home + ", no [ERROR] in the error log since the start";
  }

  private String errorLogSinceStart() throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(MariadbEngine.errorLog(instance.descriptor()).toFile(), "r")) {
      long from = Math.min(errorLogStart, f.length());
      byte[] bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, f.length() - from)];
      f.seek(from);
      f.readFully(bytes);
      return new String(bytes, StandardCharsets.UTF_8);
    }
  }

  @Override
  protected List<Step> restoreSteps() {
    if (!exists(newLog())) {
      return steps();
    }
    if (exists(oldLog())) {
      return steps(Step.of("remove the copy " + newLog() + " (the old redo log is in place and stays the log)",
          "removed the copy; the old redo log is in place", Action.local(Command.of("rm", newLog().toString())
              .display(), () -> Files.delete(newLog()))).withDetail(Map.of("path", newLog().toString())));
    }
    return steps(Step.of("move the redo log back (copy, fsync, then remove the copy)", "moved the redo log back",
        Action.local(Command.of("cp", "-a", newLog().toString(), oldLog().toString()).display(),
            () -> DurableCopy.copy(newLog(), oldLog())),
        Action.local(Command.of("rm", newLog().toString()).display(), () -> Files.delete(newLog())))
        .withDetail(Map.of("from", newLog().toString(), "to", oldLog().toString())));
  }
}
