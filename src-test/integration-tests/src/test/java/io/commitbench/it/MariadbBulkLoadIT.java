package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.load.BulkLoader;
import io.commitbench.core.load.IdChunks;
import io.commitbench.core.load.LoadChunk;
import io.commitbench.core.load.LoadFigures;
import io.commitbench.core.load.ParallelLoad;
import io.commitbench.core.load.RowSource;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MariaDB's bulk loader against the real server: {@code LOAD DATA LOCAL INFILE} streams generated
 * rows, and every value reads back as it was generated, however it has to be escaped; a row the
 * server skips (a duplicate key, which {@code LOCAL} turns into a warning) fails the load instead
 * of going missing; and a connection whose JDBC URL forbids local files loads the same rows through
 * multi-row INSERTs and says so. A table with an AUTO_INCREMENT id, whose loads would queue behind
 * InnoDB's AUTO-INC lock, is loaded on one connection however many the load has, and the load line
 * says why (where the server's {@code innodb_autoinc_lock_mode} is 2, on all of them). The server's own {@code local_infile} is not switched off here: it
 * is global, and the server is shared.
 */
class MariadbBulkLoadIT {

  private static final int ROWS = 20_000;
  private static final List<String> COLUMNS = List.of("id", "k", "c");

  /** Row i's text: escapes, a tab, a newline, a carriage return, a backslash and non-ASCII, on every 7th row. */
  private static String text(int i) {
    return i % 7 == 0 ? "a\tb\nc\rd\\e çé€ " + i : "row-" + i;
  }

  private static RowSource rows(int from, int count) {
    int[] next = {from};
    return row -> {
      if (next[0] >= from + count) {
        return false;
      }
      int i = next[0]++;
      row[0] = i;
      row[1] = (long) i * 3;
      row[2] = text(i);
      return true;
    };
  }

  private DatabaseTarget target;
  private BulkLoader loader;
  private String table;
  /** A table with an AUTO_INCREMENT id, as sysbench's sbtest tables have; created by the tests that use it. */
  private String autoIncrementTable;

  @BeforeEach
  void createTable(@TempDir Path tmp) throws SQLException {
    target = DatabaseTargets.require(DatabaseKind.MARIADB, tmp);
    loader = DialectRegistry.load().forUrl(target.url()).orElseThrow().bulkLoader();
    table = TestNames.unique().tablePrefix() + "load";
    autoIncrementTable = table + "_auto";
    try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE " + table + " (id INTEGER NOT NULL PRIMARY KEY, k BIGINT NOT NULL,"
          + " c VARCHAR(60) CHARACTER SET utf8mb4 NOT NULL) ENGINE=InnoDB");
    }
  }

  @AfterEach
  void dropTable() throws SQLException {
    if (table != null) {
      try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
        statement.execute("DROP TABLE IF EXISTS " + table);
        statement.execute("DROP TABLE IF EXISTS " + autoIncrementTable);
      }
    }
  }

  @Test
  void everyRowReadsBackAsGenerated() throws Exception {
    try (Connection connection = target.connect()) {
      connection.setAutoCommit(false);
      assertThat(loader.load(connection, table, COLUMNS, rows(1, ROWS))).isEqualTo(ROWS);
      connection.commit();
      assertThat(loader.method()).isEqualTo("LOAD DATA LOCAL INFILE");
      assertThat(readBack(connection, table)).isEqualTo(expected(1, ROWS));
    }
  }

  @Test
  void aRowTheServerSkipsFailsTheLoad() throws Exception {
    try (Connection connection = target.connect(); Statement statement = connection.createStatement()) {
      statement.execute("INSERT INTO " + table + " (id, k, c) VALUES (500, 0, 'already here')");
      connection.setAutoCommit(false);
      assertThatThrownBy(() -> loader.load(connection, table, COLUMNS, rows(1, 1000)))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("LOAD DATA LOCAL INFILE into " + table + " took 999 of the 1,000 rows sent")
          .hasMessageContaining("Duplicate entry '500'");
      connection.rollback();
    }
  }

  @Test
  void aUrlThatForbidsLocalFilesLoadsThroughInserts() throws Exception {
    try (Connection forbidding = forbidLocalFiles(target)) {
      forbidding.setAutoCommit(false);
      assertThat(loader.load(forbidding, table, COLUMNS, rows(1, 1234))).isEqualTo(1234);
      forbidding.commit();
      assertThat(loader.method()).isEqualTo("multi-row INSERT (the JDBC URL sets allowLocalInfile=false)");
    }
    try (Connection connection = target.connect()) {
      assertThat(readBack(connection, table)).isEqualTo(expected(1, 1234));
    }
  }

  @Test
  void onlyATableWithAutoIncrementIsLoadedOnOneConnectionWhereTheServerLocksIt() throws Exception {
    try (Connection connection = target.connect()) {
      createAutoIncrementTable(connection);
      boolean tableLocked = autoIncrementLockMode(connection) != 2;

      String reason = loader.oneConnectionReason(connection, autoIncrementTable);

      if (tableLocked) {
        assertThat(reason).contains("AUTO-INC lock");
      } else {
        assertThat(reason).as("innodb_autoinc_lock_mode 2 takes no table lock").isNull();
      }
      assertThat(loader.oneConnectionReason(connection, table)).as("no AUTO_INCREMENT column").isNull();
    }
  }

  @Test
  void aParallelLoadOfAnAutoIncrementTableSaysWhyItUsedOneConnection() throws Exception {
    boolean tableLocked;
    try (Connection connection = target.connect()) {
      createAutoIncrementTable(connection);
      tableLocked = autoIncrementLockMode(connection) != 2;
    }
    List<String> lines = Collections.synchronizedList(new ArrayList<>());
    List<LoadChunk> chunks = IdChunks.of(autoIncrementTable, COLUMNS, ROWS, 4, (from, to) -> rows((int) from, (int) (to - from + 1)));

    LoadFigures figures = new ParallelLoad(loader, target::connect, 4, lines::add, 60).load(chunks, List.of());

    assertThat(figures.rows()).isEqualTo(ROWS);
    assertThat(figures.connections()).isEqualTo(tableLocked ? 1 : 4);
    assertThat(lines).anySatisfy(line -> assertThat(line).contains(tableLocked
        ? "LOAD DATA LOCAL INFILE, 1 connection; one connection per table: LOAD DATA into a table with AUTO_INCREMENT"
        : "LOAD DATA LOCAL INFILE, 4 connections)"));
    try (Connection connection = target.connect()) {
      assertThat(readBack(connection, autoIncrementTable)).isEqualTo(expected(1, ROWS));
    }
  }

  private void createAutoIncrementTable(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE " + autoIncrementTable + " (id INTEGER NOT NULL AUTO_INCREMENT PRIMARY KEY,"
          + " k BIGINT NOT NULL, c VARCHAR(60) CHARACTER SET utf8mb4 NOT NULL) ENGINE=InnoDB");
    }
  }

  private static int autoIncrementLockMode(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT @@GLOBAL.innodb_autoinc_lock_mode")) {
      result.next();
      return result.getInt(1);
    }
  }

  private static Connection forbidLocalFiles(DatabaseTarget target) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", target.user());
    properties.setProperty("password", target.password());
    String url = target.url() + (target.url().contains("?") ? "&" : "?") + "allowLocalInfile=false";
    return DriverManager.getConnection(url, properties);
  }

  private static List<String> readBack(Connection connection, String table) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT id, k, c FROM " + table + " ORDER BY id")) {
      while (result.next()) {
        rows.add(result.getInt(1) + "|" + result.getLong(2) + "|" + result.getString(3));
      }
    }
    return rows;
  }

  private static List<String> expected(int from, int count) {
    List<String> rows = new ArrayList<>();
    for (int i = from; i < from + count; i++) {
      rows.add(i + "|" + (long) i * 3 + "|" + text(i));
    }
    return rows;
  }
}
