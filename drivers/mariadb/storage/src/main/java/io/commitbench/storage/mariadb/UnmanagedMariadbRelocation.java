package io.commitbench.storage.mariadb;

import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.LogRelocation;
import java.nio.file.Path;
import java.util.List;

/**
 * The redo-log move of a MariaDB server the agent does not manage, as commands for its operator
 * ({@link Plan.Mode#FOR_OPERATOR}); the agent never acts on such a server. {@code $DATADIR} and
 * {@code $LOGDIR} stand for the server's {@code @@datadir} and {@code @@innodb_log_group_home_dir}.
 */
public final class UnmanagedMariadbRelocation implements LogRelocation {

  private final String url;
  private final Path target;

  public UnmanagedMariadbRelocation(String url, Path target) {
    this.url = url;
    this.target = target.toAbsolutePath().normalize();
  }

  @Override
  public Plan plan() {
    String log = target.resolve(MariadbLogFiles.REDO_LOG).toString();
    return new Plan.Builder("move the redo log of the MariaDB server at " + url + " to " + target)
        .step(new PlannedStep("find the current log directory", List.of(
            "mariadb -N -e 'SELECT @@innodb_log_group_home_dir, @@datadir'   # export LOGDIR=<first, relative to the second>")))
        .step(new PlannedStep("slow shutdown, so the redo log holds nothing to recover",
            List.of("mariadb -e 'SET GLOBAL innodb_fast_shutdown=0; SHUTDOWN'", "# wait until mariadbd has exited")))
        .step(new PlannedStep("copy the redo log keeping owner and mode, force it to disk, compare sizes",
            List.of("cp -a \"$LOGDIR/ib_logfile0\" " + log, "sync " + log + " " + target,
                "cmp \"$LOGDIR/ib_logfile0\" " + log)))
        .step(new PlannedStep("set the new directory in the server's configuration ([mariadbd] section)",
            List.of("innodb_log_group_home_dir = " + target)))
        .step(new PlannedStep("start and verify", List.of("systemctl start mariadb   # or however it is started",
            "mariadb -N -e 'SELECT @@innodb_log_group_home_dir'   # must print " + target,
            "grep '\\[ERROR\\]' <error log>   # must show nothing new")))
        .step(new PlannedStep("only then delete the old redo log", List.of("rm \"$LOGDIR/ib_logfile0\"")))
        .note("never delete ib_logfile0 before the server has started on the copy: since 10.8 it refuses to start"
            + " without its log")
        .build();
  }

  @Override
  public void apply(Applier applier) throws RefusedException {
    throw new RefusedException("commitbench does not manage the server at " + url
        + "; its operator runs the plan's commands (only managed instances, --instance DIR, are moved by the agent)");
  }
}
