package io.commitbench.storage.oracle;

import io.commitbench.storage.plan.RefusedException;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The checks every redo procedure makes before it changes anything (storage-agent design §1.1):
 * connected to {@code CDB$ROOT}, allowed to ALTER DATABASE and ALTER SYSTEM, able to read the V$
 * views, database open. Each failure is a {@link RefusedException} saying what is wrong and what
 * would be accepted.
 */
final class OracleRedoPreconditions {

  static final String ROOT = "CDB$ROOT";
  static final List<String> PRIVILEGES = List.of("ALTER DATABASE", "ALTER SYSTEM");

  /**
   * What the checks read, for the procedure to go on with.
   *
   * @param logMode V$DATABASE.LOG_MODE
   * @param groups the online redo groups
   */
  record Snapshot(String logMode, List<RedoGroup> groups) {

    boolean archiveLog() {
      return "ARCHIVELOG".equals(logMode);
    }
  }

  private OracleRedoPreconditions() {}

  /**
   * @throws RefusedException when any check fails
   * @throws SQLException when the server cannot be asked at all
   */
  static Snapshot check(OracleRedoCatalog catalog) throws RefusedException, SQLException {
    String container = catalog.containerName();
    if (!ROOT.equals(container)) {
      throw new RefusedException("connected to container " + container + " of " + catalog.describe()
          + ", but redo log groups belong to the whole CDB and must be changed from " + ROOT
          + "; connect to the root's service (e.g. …:1521/FREE, not …:1521/FREEPDB1)");
    }
    Set<String> missing = new TreeSet<>(PRIVILEGES);
    missing.removeAll(catalog.sessionPrivileges());
    if (!missing.isEmpty()) {
      throw new RefusedException("the session lacks " + String.join(" and ", missing) + " (SESSION_PRIVS);"
          + " ADD/DROP/CLEAR LOGFILE need ALTER DATABASE and SWITCH/CHECKPOINT/ARCHIVE LOG need ALTER SYSTEM;"
          + " connect as SYSTEM or grant them commonly in " + ROOT);
    }
    String openMode;
    String logMode;
    List<RedoGroup> groups;
    try {
      openMode = catalog.openMode();
      logMode = catalog.logMode();
      groups = catalog.groups();
    } catch (SQLException e) {
      if (OracleErrors.code(e) == OracleErrors.NO_SUCH_VIEW) {
        throw new RefusedException("the session cannot read V$DATABASE/V$LOG/V$LOGFILE ("
            + OracleErrors.firstLine(e) + "); grant SELECT_CATALOG_ROLE or connect as SYSTEM");
      }
      throw e;
    }
    if (!"READ WRITE".equals(openMode)) {
      throw new RefusedException("the database is " + openMode + ", not open READ WRITE; online redo changes need"
          + " an open database (ALTER DATABASE OPEN first)");
    }
    return new Snapshot(logMode, groups);
  }
}
