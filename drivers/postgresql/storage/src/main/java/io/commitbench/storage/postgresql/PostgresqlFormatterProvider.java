package io.commitbench.storage.postgresql;

import io.commitbench.driver.postgresql.PostgresqlDialect;
import io.commitbench.storage.format.FormatterContext;
import io.commitbench.storage.format.LogExposure;
import io.commitbench.storage.format.LogFormatter;
import io.commitbench.storage.format.LogFormatterProvider;
import java.util.List;
import java.util.Optional;
import java.util.Map;

/** The PostgreSQL arms: the four combinations of {@code wal_recycle} and {@code wal_init_zero} but the default. */
public final class PostgresqlFormatterProvider implements LogFormatterProvider {

  private static final Map<String, Map<String, String>> SETTINGS = Map.of(
      "no-recycle", Map.of("wal_recycle", "off", "wal_init_zero", "on"),
      "no-zero", Map.of("wal_recycle", "on", "wal_init_zero", "off"),
      "no-recycle-no-zero", Map.of("wal_recycle", "off", "wal_init_zero", "off"));

  @Override
  public String dbType() {
    return PostgresqlDialect.NAME;
  }

  @Override
  public List<ArmDescription> arms() {
    return List.of(
        new ArmDescription("no-recycle", "wal_recycle=off, wal_init_zero=on: old segments removed, new ones zero-filled; fstrim first"),
        new ArmDescription("no-zero", "wal_recycle=on, wal_init_zero=off: the ring, new segments sparse; fstrim first"),
        new ArmDescription("no-recycle-no-zero", "wal_recycle=off, wal_init_zero=off: fresh sparse segments; fstrim first"));
  }

  @Override
  public LogFormatter create(String arm, FormatterContext context) {
    return new PostgresqlWalFormatter(arm, SETTINGS.get(arm), context);
  }

  @Override
  public Optional<LogExposure> exposure() {
    return Optional.of(new PostgresqlLogExposure());
  }
}
