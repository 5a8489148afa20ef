package io.commitbench.storage.oracle;

import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/**
 * What the Oracle redo procedures read from and do to a server, and nothing else: the views
 * {@code V$LOG}, {@code V$LOGFILE}, {@code V$DATABASE}, the session's container and privileges,
 * and the execution of one statement. Behind an interface so the state machines are tested against
 * a scripted model of these views; {@link JdbcOracleRedoCatalog} is the one over a real server.
 *
 * <p>Failures are {@link SQLException}s as the Oracle driver raises them: {@link
 * SQLException#getErrorCode()} is the ORA- number and the message starts with {@code ORA-nnnnn:}.
 * Not thread-safe: one procedure uses one catalog from one thread.
 */
public interface OracleRedoCatalog {

  /** {@code SYS_CONTEXT('USERENV','CON_NAME')}: {@code CDB$ROOT} in the root, else the PDB's name. */
  String containerName() throws SQLException;

  /** The privileges of the session, from {@code SESSION_PRIVS}, e.g. {@code ALTER DATABASE}. */
  Set<String> sessionPrivileges() throws SQLException;

  /** {@code V$DATABASE.OPEN_MODE}: {@code READ WRITE} when open, {@code MOUNTED}, … */
  String openMode() throws SQLException;

  /** {@code V$DATABASE.LOG_MODE}: {@code ARCHIVELOG}, {@code NOARCHIVELOG} or {@code MANUAL}. */
  String logMode() throws SQLException;

  /** Every online redo group (V$LOG joined to V$LOGFILE, TYPE ONLINE), ordered by GROUP#. */
  List<RedoGroup> groups() throws SQLException;

  /** Executes one statement, e.g. {@code ALTER SYSTEM SWITCH LOGFILE}. */
  void execute(String sql) throws SQLException;

  /** A name for messages: the JDBC URL, or the model's name. */
  String describe();
}
