package io.commitbench.bench;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.script.dataset.PgbenchDataSet;
import io.commitbench.core.workload.script.dataset.PgbenchTables;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * commitbench's side of {@code scripts/bench/pgbench-init-side-by-side.sh}: the steps of {@code
 * pgbench -i -s N} (its default "dtgvp") through {@link PgbenchDataSet}, on pgbench's own table
 * names: drop the tables, create them, load the rows on several connections, add the keys and
 * refresh the statistics. Prints the load's lines, then one line {@code commitbench rows=R
 * seconds=S} for the whole, timed as pgbench times its "done in" (from the drop to the keys).
 *
 * <pre>
 * java -cp benchmarks.jar io.commitbench.bench.PgbenchInitLoad jdbc:postgresql://127.0.0.1:5432/db postgres 10 2
 * </pre>
 */
public final class PgbenchInitLoad {

  private PgbenchInitLoad() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: PgbenchInitLoad <jdbc url> <user> <scale> <load threads>");
      System.exit(2);
    }
    String url = args[0];
    String user = args[1];
    int scale = Integer.parseInt(args[2]);
    int threads = Integer.parseInt(args[3]);
    Dialect dialect = DialectRegistry.load().forUrl(url)
        .orElseThrow(() -> new IllegalArgumentException("no dialect for " + url));
    try (Connection admin = DriverManager.getConnection(url, user, "")) {
      long start = System.nanoTime();
      PgbenchDataSet dataSet = new PgbenchDataSet(PgbenchTables.PGBENCH, scale, threads);
      List<SchemaTable> tables = dataSet.tables(new SchemaNaming(dialect, dialect.centralQualifier(admin), ""));
      try (Statement statement = admin.createStatement()) {
        for (SchemaTable table : tables) {
          for (String sql : table.drop()) {
            statement.execute(sql);
          }
        }
        for (SchemaTable table : tables) {
          for (String sql : table.create()) {
            statement.execute(sql);
          }
        }
      }
      dataSet.load(new LoadContext(admin, dialect, tables, () -> connect(url, user), System.out::println));
      double seconds = (System.nanoTime() - start) / 1e9;
      dataSet.loadLines().forEach(System.out::println);
      long rows = dataSet.figures().orElseThrow().rows();
      System.out.println(String.format(Locale.ROOT, "commitbench rows=%d seconds=%.3f", rows, seconds));
    }
  }

  private static Connection connect(String url, String user) throws SQLException {
    return DriverManager.getConnection(url, user, "");
  }
}
