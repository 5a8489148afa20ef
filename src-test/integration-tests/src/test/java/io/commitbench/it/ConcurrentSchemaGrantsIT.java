package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs that set up side by side on one PostgreSQL grant their users USAGE on the same schema at
 * the same moment; a plain GRANT there fails one of them with "tuple concurrently updated". The
 * dialect's grant statements, run by eight sessions at once for eight roles, must all succeed:
 * on {@code public}, where PUBLIC already holds USAGE, and on a schema of the test's own, where
 * every role needs the grant.
 */
class ConcurrentSchemaGrantsIT {

  private static final int SESSIONS = 8;
  private static final int ROUNDS = 10;

  @Test
  void eightSessionsGrantingOnOneSchemaAtOnceAllSucceed(@TempDir Path tmp) throws Exception {
    DatabaseTarget pg = DatabaseTargets.require(DatabaseKind.POSTGRESQL, tmp);
    Dialect dialect = DialectRegistry.load().forUrl(pg.url()).orElseThrow();
    TestNames names = TestNames.unique();
    String schema = names.token() + "_s";
    List<DbUser> roles = new ArrayList<>();
    try (Connection admin = pg.connect(); Statement statement = admin.createStatement()) {
      statement.execute("CREATE SCHEMA " + schema);
      for (int i = 1; i <= SESSIONS; i++) {
        DbUser role = new DbUser(names.userPrefix() + i, "unused");
        statement.execute("CREATE ROLE " + role.name());
        roles.add(role);
      }
      for (String qualifier : List.of("public", schema)) {
        // A table per role, as each run has its own: only the schema is shared.
        List<TableSpec> tables = new ArrayList<>();
        for (int i = 1; i <= SESSIONS; i++) {
          String name = names.tablePrefix() + i;
          statement.execute("CREATE TABLE " + qualifier + "." + name + " (id INTEGER)");
          tables.add(new TableSpec(name, qualifier, dialect.qualifiedName(qualifier, name), 0));
        }
        assertThat(grantAtOnce(pg, dialect, roles, tables)).as("failed grants on schema %s", qualifier).isEmpty();
      }
      for (DbUser role : roles) {
        try (var rs = statement.executeQuery("SELECT has_schema_privilege('" + role.name() + "', '" + schema
            + "', 'USAGE')")) {
          assertThat(rs.next() && rs.getBoolean(1)).as("%s has USAGE on %s", role.name(), schema).isTrue();
        }
      }
    } finally {
      try (Connection admin = pg.connect(); Statement statement = admin.createStatement()) {
        for (int i = 1; i <= SESSIONS; i++) {
          statement.execute("DROP TABLE IF EXISTS public." + names.tablePrefix() + i);
        }
        statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        for (DbUser role : roles) {
          statement.execute("DROP OWNED BY " + role.name());
          statement.execute("DROP ROLE " + role.name());
        }
      }
    }
  }

  /** Each role's grants on its table, ROUNDS times, in a session of its own, all started together; the failures. */
  private static List<String> grantAtOnce(DatabaseTarget pg, Dialect dialect, List<DbUser> roles,
      List<TableSpec> tables) throws Exception {
    ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService sessions = Executors.newFixedThreadPool(roles.size());
    try {
      for (int i = 0; i < roles.size(); i++) {
        DbUser role = roles.get(i);
        TableSpec table = tables.get(i);
        sessions.submit(() -> {
          try (Connection c = pg.connect(); Statement s = c.createStatement()) {
            start.await();
            for (int round = 0; round < ROUNDS; round++) {
              for (String sql : dialect.users().grantStatements(role, table)) {
                s.execute(sql);
              }
            }
          } catch (SQLException e) {
            failures.add(role.name() + ": " + e.getMessage());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return null;
        });
      }
      start.countDown();
    } finally {
      sessions.shutdown();
      assertThat(sessions.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    }
    return List.copyOf(failures);
  }
}
