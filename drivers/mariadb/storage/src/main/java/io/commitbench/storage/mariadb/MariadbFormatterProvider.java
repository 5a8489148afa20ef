package io.commitbench.storage.mariadb;

import io.commitbench.driver.mariadb.MariadbDialect;
import io.commitbench.storage.format.FormatterContext;
import io.commitbench.storage.format.LogExposure;
import io.commitbench.storage.format.LogFormatter;
import io.commitbench.storage.format.LogFormatterProvider;
import java.util.List;
import java.util.Optional;

/** The MariaDB arm: re-creating the redo log by alternating {@code innodb_log_file_size} (10.9+). */
public final class MariadbFormatterProvider implements LogFormatterProvider {

  @Override
  public String dbType() {
    return MariadbDialect.NAME;
  }

  @Override
  public List<ArmDescription> arms() {
    return List.of(new ArmDescription(MariadbRedoFormatter.ARM,
        "each time the redo log wraps, re-create it at the other of two sizes, then fstrim (MariaDB 10.9+)"));
  }

  @Override
  public LogFormatter create(String arm, FormatterContext context) {
    return new MariadbRedoFormatter(context);
  }

  @Override
  public Optional<LogExposure> exposure() {
    return Optional.of(new MariadbLogExposure());
  }
}
