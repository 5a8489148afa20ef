package io.commitbench.storage.mariadb;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.plan.RefusedException;
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
  protected List<PlannedStep> moveSteps() {
    return steps(
        PlannedStep.of("copy " + LOG_FILE + " keeping owner, mode and times; fsync it and the directory; compare"
            + " sizes (in-process)", Command.of("cp", "-a", oldLog().toString(), newLog().toString()),
            Command.of("sync", newLog().toString(), target.toString())),
        new PlannedStep("write innodb_log_group_home_dir=" + target + " to the instance descriptor",
            List.of(instance.descriptor().instanceDir().resolve(InstanceDescriptor.FILE) + ": \"logDir\": \""
                + target + "\"")));
  }

  @Override
  protected List<PlannedStep> verifySteps() {
    InstanceDescriptor moved = instance.descriptor().withLogDir(target);
    return steps(PlannedStep.of("verify: @@innodb_log_group_home_dir is " + target + " and the error log has no"
        + " [ERROR] since the start", instance.engine().sql(moved, "SELECT @@innodb_log_group_home_dir")));
  }

  @Override
  protected List<PlannedStep> finishSteps() {
    return steps(PlannedStep.of("delete the old redo log, now that the server runs on the copy",
        Command.of("rm", oldLog().toString())));
  }

  @Override
  protected List<String> notes() {
    return List.of("the old " + LOG_FILE + " is deleted only after the server has started on the copy");
  }

  @Override
  protected void move(Journal journal) throws IOException {
    long bytes = DurableCopy.copy(oldLog(), newLog());
    journal.step("copied the redo log", Map.of("from", oldLog().toString(), "to", newLog().toString(),
        "bytes", Long.toString(bytes)));
  }

  @Override
  protected void startForVerify() throws IOException {
    Path errors = MariadbEngine.errorLog(instance.descriptor());
    errorLogStart = Files.exists(errors) ? Files.size(errors) : 0;
    super.startForVerify();
  }

  @Override
  protected String verify() throws IOException {
    String home = instance.query("SELECT @@innodb_log_group_home_dir");
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
  protected void finish(Journal journal) throws IOException {
    Files.delete(oldLog());
    DurableCopy.fsync(oldLog().getParent());
    journal.step("deleted the old redo log", Map.of("path", oldLog().toString()));
  }

  @Override
  protected void restore(Journal journal) throws IOException {
    if (!exists(newLog())) {
      return;
    }
    if (exists(oldLog())) {
      Files.delete(newLog());
      journal.step("removed the copy; the old redo log is in place", Map.of("path", newLog().toString()));
    } else {
      DurableCopy.copy(newLog(), oldLog());
      Files.delete(newLog());
      journal.step("moved the redo log back", Map.of("from", newLog().toString(), "to", oldLog().toString()));
    }
  }

  @Override
  protected List<PlannedStep> restoreSteps() {
    if (!exists(newLog())) {
      return steps();
    }
    if (exists(oldLog())) {
      return steps(PlannedStep.of("remove the copy " + newLog() + " (the old redo log is in place and stays the log)",
          Command.of("rm", newLog().toString())));
    }
    return steps(PlannedStep.of("move the redo log back (copy, fsync, then remove the copy)",
        Command.of("cp", "-a", newLog().toString(), oldLog().toString()), Command.of("rm", newLog().toString())));
  }
}
