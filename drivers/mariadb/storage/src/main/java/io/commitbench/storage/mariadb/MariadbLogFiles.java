package io.commitbench.storage.mariadb;

/** Where InnoDB keeps its redo log, named once for the engine, the relocations and the formatter. */
final class MariadbLogFiles {

  /** The one circular redo log (since MariaDB 10.5), in {@code innodb_log_group_home_dir}. */
  static final String REDO_LOG = "ib_logfile0";

  private MariadbLogFiles() {}
}
