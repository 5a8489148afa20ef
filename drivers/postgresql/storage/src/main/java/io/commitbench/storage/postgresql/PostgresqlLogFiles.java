package io.commitbench.storage.postgresql;

import io.commitbench.driver.postgresql.PostgresqlDialect;

/** Where PostgreSQL keeps its write-ahead log, named once for the engine, the relocations and the formatter. */
final class PostgresqlLogFiles {

  /** The WAL directory in the data directory (a symlink when the WAL lives elsewhere). */
  static final String WAL_DIR = PostgresqlDialect.WAL_DIR;

  private PostgresqlLogFiles() {}
}
