package io.commitbench.core.probe;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The probe's one table, two rows (ids 1 and 2) with a counter, and its SQL, from the dialect's
 * column type and table options. It remembers whether it created the table, so {@link #drop}
 * removes only what this probe made, also after a failure half-way.
 *
 * <pre>
 * CREATE TABLE cb_..._lock (id BIGINT NOT NULL PRIMARY KEY, val BIGINT NOT NULL) [options]
 * UPDATE cb_..._lock SET val = val + 1 WHERE id = ?
 * </pre>
 */
public final class ProbeTable {

  /** The table's name after the run's table.prefix; short enough for any prefix the namespace derives. */
  public static final String SUFFIX = "lock";

  private final Dialect dialect;
  private final TableSpec spec;
  private boolean created;

  public ProbeTable(Dialect dialect, TableSpec spec) {
    this.dialect = dialect;
    this.spec = spec;
  }

  public TableSpec spec() {
    return spec;
  }

  /** The CREATE TABLE statement. */
  public String createSql() {
    String number = dialect.bigintType();
    String options = dialect.tableOptions();
    return "CREATE TABLE " + spec.qualifiedName() + " (id " + number + " NOT NULL PRIMARY KEY, val " + number
        + " NOT NULL)" + (options.isEmpty() ? "" : " " + options);
  }

  /** The statement both sessions run, with the row's id as its one parameter. */
  public String updateSql() {
    return "UPDATE " + spec.qualifiedName() + " SET val = val + 1 WHERE id = ?";
  }

  /** What puts the two rows back to where each scenario starts, in auto-commit. */
  public List<String> resetSql() {
    return List.of("DELETE FROM " + spec.qualifiedName(), "INSERT INTO " + spec.qualifiedName()
        + " (id, val) VALUES (1, 0)", "INSERT INTO " + spec.qualifiedName() + " (id, val) VALUES (2, 0)");
  }

  /** Creates the table and puts commitbench's {@code mark} on it; from then on {@link #drop} removes it. */
  public void create(Connection admin, String mark) throws SQLException {
    execute(admin, List.of(createSql()));
    created = true;
    execute(admin, dialect.marks().markTableStatements(spec, mark));
  }

  /** Puts the two rows back (deletes and inserts them, committed). */
  public void reset(Connection admin) throws SQLException {
    execute(admin, resetSql());
  }

  /** Drops the table if this probe created it; nothing otherwise. */
  public void drop(Connection admin) throws SQLException {
    if (created) {
      execute(admin, dialect.dropTableStatements(spec));
      created = false;
    }
  }

  /** Whether the table this probe created is still there (its drop failed or was not reached). */
  public boolean left() {
    return created;
  }

  private static void execute(Connection admin, List<String> statements) throws SQLException {
    try (Statement st = admin.createStatement()) {
      for (String sql : statements) {
        st.execute(sql);
      }
    }
  }
}
