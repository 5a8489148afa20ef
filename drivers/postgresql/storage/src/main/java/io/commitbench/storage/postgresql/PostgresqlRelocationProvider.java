package io.commitbench.storage.postgresql;

import io.commitbench.driver.postgresql.PostgresqlDialect;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.relocate.LogRelocation;
import io.commitbench.storage.relocate.LogRelocationProvider;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** PostgreSQL's log relocation: a managed instance's through its programs, any other server's as its operator's plan. */
public final class PostgresqlRelocationProvider implements LogRelocationProvider {

  @Override
  public String kind() {
    return PostgresqlDialect.NAME;
  }

  @Override
  public Optional<ManagedLogRelocation> managed(ManagedInstance instance, Path origin, Path target,
      List<Path> allowedRoots, CommandRunner runner, Clock clock) {
    return Optional.of(new PostgresqlWalRelocation(instance, origin, target, allowedRoots, runner, clock));
  }

  @Override
  public Optional<String> managedHelp() {
    return Optional.of("PostgreSQL's pg_wal goes to DIR/pg_wal (fast stop, copy, atomic symlink swap, start, verify;"
        + " the old WAL directory is kept beside it as pg_wal.moved-N, N the first number free there, the name the"
        + " dry run's plan shows).");
  }

  @Override
  public List<String> operatorUrlPrefixes() {
    return List.of(PostgresqlDialect.URL_PREFIX);
  }

  @Override
  public LogRelocation forOperator(String url, Path target) {
    return new UnmanagedPostgresqlRelocation(url, target);
  }
}
