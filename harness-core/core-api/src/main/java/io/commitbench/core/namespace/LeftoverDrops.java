package io.commitbench.core.namespace;

import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The statements that remove what one run left, in the order a run's own cleanup uses: users
 * first (no login outlives the tables it was granted, and where users carry no mark the tables'
 * mark, which ties them to the run, goes last), then tables. Each object is dropped on its own,
 * so one that cannot be dropped does not keep the others.
 */
public final class LeftoverDrops {

  /** DbUser wants a password; a drop needs none. */
  private static final String NO_PASSWORD = "unused";

  private final Dialect dialect;
  private final String qualifier;

  public LeftoverDrops(Dialect dialect, String qualifier) {
    this.dialect = dialect;
    this.qualifier = qualifier;
  }

  /** One object's removal: what it is and its statements. */
  public record Drop(String what, List<String> statements) {}

  public List<Drop> of(RunLeftovers run) {
    List<Drop> drops = new ArrayList<>();
    for (String user : run.users()) {
      drops.add(new Drop("user " + user, dialect.users().dropUserStatements(new DbUser(user, NO_PASSWORD))));
    }
    for (String table : run.tables()) {
      TableSpec spec = new TableSpec(table, qualifier, dialect.qualifiedName(qualifier, table), 0);
      drops.add(new Drop("table " + table, dialect.dropTableStatements(spec)));
    }
    return drops;
  }

  /**
   * Runs the drops; returns the failures ({@code table x: the server's answer}), empty when all
   * went.
   */
  public List<String> apply(Connection admin, List<Drop> drops) {
    List<String> failures = new ArrayList<>();
    for (Drop drop : drops) {
      try (Statement st = admin.createStatement()) {
        for (String sql : drop.statements()) {
          st.execute(sql);
        }
        if (!admin.getAutoCommit()) {
          admin.commit();
        }
      } catch (SQLException e) {
        failures.add(drop.what() + ": " + e.getMessage());
      }
    }
    return failures;
  }
}
