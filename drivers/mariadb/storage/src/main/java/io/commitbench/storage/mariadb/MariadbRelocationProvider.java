package io.commitbench.storage.mariadb;

import io.commitbench.driver.mariadb.MariadbDialect;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.relocate.LogRelocation;
import io.commitbench.storage.relocate.LogRelocationProvider;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** MariaDB's log relocation: a managed instance's through its programs, any other server's as its operator's plan. */
public final class MariadbRelocationProvider implements LogRelocationProvider {

  /** MySQL's Connector/J URLs name a server whose redo log is moved the same way. */
  private static final String MYSQL_URL_PREFIX = "jdbc:mysql:";

  @Override
  public String kind() {
    return MariadbDialect.NAME;
  }

  @Override
  public Optional<ManagedLogRelocation> managed(ManagedInstance instance, Path origin, Path target,
      List<Path> allowedRoots, CommandRunner runner, Clock clock) {
    return Optional.of(new MariadbRedoRelocation(instance, origin, target, allowedRoots, runner, clock));
  }

  @Override
  public Optional<String> managedHelp() {
    return Optional.of("MariaDB's ib_logfile0 goes to DIR (slow shutdown, copy, new innodb_log_group_home_dir,"
        + " start, verify, then the old file is deleted).");
  }

  @Override
  public List<String> operatorUrlPrefixes() {
    return List.of(MariadbDialect.URL_PREFIX, MYSQL_URL_PREFIX);
  }

  @Override
  public LogRelocation forOperator(String url, Path target) {
    return new UnmanagedMariadbRelocation(url, target);
  }
}
