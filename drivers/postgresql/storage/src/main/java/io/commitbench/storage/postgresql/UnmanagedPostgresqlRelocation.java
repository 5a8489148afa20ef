package io.commitbench.storage.postgresql;

import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.LogRelocation;
import java.nio.file.Path;
import java.util.List;

/**
 * The WAL move of a PostgreSQL server the agent does not manage, as commands for its operator
 * ({@link Plan.Mode#FOR_OPERATOR}); the agent never acts on such a server. {@code $PGDATA} stands
 * for the server's data directory ({@code SHOW data_directory}).
 */
public final class UnmanagedPostgresqlRelocation implements LogRelocation {

  private final String url;
  private final Path target;

  public UnmanagedPostgresqlRelocation(String url, Path target) {
    this.url = url;
    this.target = target.toAbsolutePath().normalize();
  }

  @Override
  public Plan plan() {
    String wal = target.resolve(PostgresqlLogFiles.WAL_DIR).toString();
    return new Plan.Builder("move the WAL of the PostgreSQL server at " + url + " to " + wal)
        .step(new PlannedStep("find the data directory (as a superuser)",
            List.of("psql -At -c 'SHOW data_directory'   # export PGDATA=<that directory>")))
        .step(new PlannedStep("stop the server (fast shutdown)", List.of("pg_ctl -D \"$PGDATA\" stop -m fast")))
        .step(new PlannedStep("copy the WAL keeping owner and mode, then force it to disk",
            List.of("cp -a -T \"$(readlink -f \"$PGDATA/pg_wal\")\" " + wal, "sync " + wal)))
        .step(new PlannedStep("point pg_wal at the copy atomically (new symlink renamed over the old)",
            List.of("ln -s " + wal + " \"$PGDATA/pg_wal.new\"", "mv -T \"$PGDATA/pg_wal.new\" \"$PGDATA/pg_wal\"")))
        .step(new PlannedStep("start and verify", List.of("pg_ctl -D \"$PGDATA\" start -w",
            "psql -At -c 'SELECT pg_current_wal_lsn()'", "readlink -f \"$PGDATA/pg_wal\"   # must print " + wal,
            "pg_controldata \"$PGDATA\" | grep 'cluster state'   # must say: in production")))
        .note("keep the old WAL directory until the server has run on the new one; then delete it")
        .note("if pg_wal was a plain directory, move it aside (mv -T \"$PGDATA/pg_wal\" \"$PGDATA/pg_wal.old\")"
            + " instead of the atomic rename, then ln -s " + wal + " \"$PGDATA/pg_wal\"")
        .build();
  }

  @Override
  public void apply(Applier applier) throws RefusedException {
    throw new RefusedException("commitbench does not manage the server at " + url
        + "; its operator runs the plan's commands (only managed instances, --instance DIR, are moved by the agent)");
  }
}
