package io.commitbench.driver.mariadb;

import io.commitbench.core.dialect.Catalogs;
import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.DbSession;
import io.commitbench.core.dialect.OwnershipMarks;
import io.commitbench.core.dialect.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * MariaDB has no COMMENT ON: a table's mark is its COMMENT option, given in the CREATE TABLE
 * itself since every DDL statement commits by itself; accounts keep no comment. Sessions are
 * listed from the processlist. Stateless and thread-safe.
 */
final class MariadbMarks implements OwnershipMarks {

  /** MariaDB has no COMMENT ON; a table's comment is a table option. */
  @Override
  public List<String> markTableStatements(TableSpec table, String mark) {
    return List.of("ALTER TABLE " + table.qualifiedName() + " COMMENT = '" + mark + "'");
  }

  /**
   * The mark as the CREATE TABLE's own COMMENT option: MariaDB commits every DDL statement by
   * itself, so a mark put on by a second statement would leave a window in which a killed run
   * leaves an unmarked table.
   */
  @Override
  public List<String> createMarkedTableStatements(List<String> create, TableSpec table, String mark) {
    List<String> statements = new ArrayList<>(create);
    statements.set(0, create.get(0) + " COMMENT='" + mark + "'");
    return statements;
  }

  /** The database is a catalog to the driver (its default {@code useCatalogTerm}). */
  @Override
  public List<DbObject> tablesStartingWith(Connection admin, String qualifier,
      String prefix) throws SQLException {
    return Catalogs.tables(admin, qualifier, null, prefix);
  }

  @Override
  public List<DbSession> sessions(Connection admin) throws SQLException {
    return Catalogs.sessions(admin, "SELECT USER, CONCAT(HOST, ', connected for ', TIME,"
        + " ' s') FROM information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID()");
  }
}
