package io.commitbench.core.workload.tpcc;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.LoadMode;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.script.dataset.AnsiH2Dialect;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/**
 * An embedded H2 database with the nine TPC-C tables (prefix {@code tpcc_}), created empty or
 * loaded by {@link TpccLoader}, with the queries the tests read it by. The loaded one is made
 * once for all the test classes that read it (the load takes seconds) and lives as long as they
 * run; a test that changes its rows puts them back.
 */
final class H2TpccDatabase implements AutoCloseable {

  static final long SEED = 7;

  private static H2TpccDatabase loaded;

  private TpccLoader loader;

  final String url = "jdbc:h2:mem:tpcc_" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
  final Dialect dialect = new AnsiH2Dialect();
  final Connection admin;
  final List<SchemaTable> tables;
  final TpccNames names;
  final List<String> progress = Collections.synchronizedList(new ArrayList<>());

  /** The tables, created and empty. */
  H2TpccDatabase() throws SQLException {
    admin = connect();
    SchemaNaming naming = new SchemaNaming(dialect, dialect.centralQualifier(admin), "tpcc_");
    tables = new BoundTpccWorkload(settings(1, 1)).tables(naming);
    for (SchemaTable table : tables) {
      for (String sql : table.create()) {
        execute(sql);
      }
    }
    names = TpccNames.of(tables);
  }

  /** One warehouse, loaded on two connections the first time a test asks for it. */
  static synchronized H2TpccDatabase loadedOnce() throws SQLException, InterruptedException {
    if (loaded == null) {
      H2TpccDatabase db = new H2TpccDatabase();
      db.loader = db.load(1, 2);
      loaded = db;
    }
    return loaded;
  }

  /** The loader of {@link #loadedOnce}'s data set. */
  TpccLoader loader() {
    return loader;
  }

  static TpccSettings settings(int warehouses, int loadThreads) {
    return new TpccSettings(warehouses, TpccMode.THROUGHPUT, true, SEED, LoadMode.FRESH, loadThreads);
  }

  /** Loads {@code warehouses} on {@code loadThreads} connections, with the load constants of {@link #SEED}. */
  TpccLoader load(int warehouses, int loadThreads) throws SQLException, InterruptedException {
    TpccLoader loader = new TpccLoader(settings(warehouses, loadThreads), TpccConstants.forLoad(SEED));
    loader.load(new LoadContext(admin, dialect, tables, this::connect, progress::add));
    return loader;
  }

  Connection connect() throws SQLException {
    return DriverManager.getConnection(url, "sa", "");
  }

  void execute(String sql) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      statement.execute(sql);
    }
  }

  /** The first row's values, joined by {@code |}. */
  String query(String sql) throws SQLException {
    List<String> rows = rows(sql);
    return rows.isEmpty() ? "" : rows.get(0);
  }

  /** Every row's values, joined by {@code |}. */
  List<String> rows(String sql) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Statement statement = admin.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> values = new ArrayList<>();
        for (int c = 1; c <= columns; c++) {
          values.add(rs.getString(c));
        }
        rows.add(String.join("|", values));
      }
    }
    return rows;
  }

  @Override
  public void close() throws SQLException {
    execute("SHUTDOWN");
    admin.close();
  }
}
