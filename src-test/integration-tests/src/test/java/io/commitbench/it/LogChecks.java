package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A managed instance's sentinel rows, checksum and consistency check, per kind, for the ITs that
 * move, rewrite or recover its log and check that nothing written was lost.
 */
interface LogChecks {

  /** The checks of the instance's kind. */
  static LogChecks of(String kind, ManagedInstance instance) {
    return kind.equals("postgresql") ? new Postgresql(instance) : new Mariadb();
  }

  void createSentinel(String url) throws Exception;

  /** Row count and a checksum the server computes. */
  String fingerprint(String url) throws Exception;

  /** More rows, written through the log's new place. */
  void write(String url) throws Exception;

  void logIsIn(ManagedInstance instance, Path dir) throws Exception;

  void consistent(ManagedInstance instance, String url) throws Exception;

  /** Every row of the result, its columns separated by spaces. */
  static String one(String url, String user, String sql) throws Exception {
    try (Connection c = DriverManager.getConnection(url, user, ""); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      StringBuilder row = new StringBuilder();
      while (rs.next()) {
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
          row.append(rs.getString(i)).append(' ');
        }
      }
      return row.toString().strip();
    }
  }

  /** Runs the statements in turn over one connection. */
  static void exec(String url, String user, String... sql) throws Exception {
    try (Connection c = DriverManager.getConnection(url, user, ""); Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  /** The sentinel in PostgreSQL; consistency by pg_amcheck and pg_checksums. */
  final class Postgresql implements LogChecks {
    private final Path bin;

    Postgresql(ManagedInstance instance) {
      this.bin = instance.descriptor().binDir();
    }

    @Override
    public void createSentinel(String url) throws Exception {
      exec(url, "postgres", "CREATE TABLE sentinel (id int PRIMARY KEY, v text NOT NULL)",
          "INSERT INTO sentinel SELECT g, md5(g::text) FROM generate_series(1, 20000) g", "CHECKPOINT",
          "INSERT INTO sentinel SELECT g, md5(g::text) FROM generate_series(20001, 30000) g");
    }

    @Override
    public String fingerprint(String url) throws Exception {
      return one(url, "postgres", "SELECT count(*), md5(string_agg(id || ':' || v, ',' ORDER BY id)) FROM sentinel");
    }

    @Override
    public void write(String url) throws Exception {
      exec(url, "postgres", "INSERT INTO sentinel SELECT g, md5(g::text) FROM generate_series(30001, 31000) g");
    }

    @Override
    public void logIsIn(ManagedInstance instance, Path dir) throws Exception {
      assertThat(instance.descriptor().dataDir().resolve("pg_wal").toRealPath()).isEqualTo(dir.resolve("pg_wal"));
    }

    @Override
    public void consistent(ManagedInstance instance, String url) throws Exception {
      ProcessCommandRunner runner = ProcessCommandRunner.standard();
      String amcheck = runner.run(Command.of(bin.resolve("pg_amcheck").toString(), "--install-missing",
          "--heapallindexed", "-h", "127.0.0.1", "-p", Integer.toString(instance.descriptor().port()), "-U", "postgres",
          "test")).stdout();
      assertThat(amcheck).as("pg_amcheck reports nothing").isBlank();
      assertThat(instance.stop()).isTrue();
      String checksums = runner.run(Command.of(bin.resolve("pg_checksums").toString(), "--check", "-D",
          instance.descriptor().dataDir().toString()).asUser("postgres")).stdout();
      assertThat(checksums).contains("Bad checksums:  0");
      System.out.println(DatabaseTargets.LOG_PREFIX + "pg_checksums: " + checksums.lines().filter(l -> l.contains("checksums"))
          .toList());
      assertThat(instance.start()).isTrue();
    }
  }

  /** The sentinel in InnoDB; consistency by CHECK TABLE. */
  final class Mariadb implements LogChecks {
    @Override
    public void createSentinel(String url) throws Exception {
      List<String> sql = new ArrayList<>(List.of(
          "CREATE TABLE sentinel (id int PRIMARY KEY, v varchar(64) NOT NULL) ENGINE=InnoDB"));
      sql.add("INSERT INTO sentinel SELECT seq, md5(seq) FROM seq_1_to_30000");
      exec(url, "root", sql.toArray(String[]::new));
    }

    @Override
    public String fingerprint(String url) throws Exception {
      return one(url, "root", "SELECT count(*) FROM sentinel") + " " + one(url, "root", "CHECKSUM TABLE sentinel EXTENDED");
    }

    @Override
    public void write(String url) throws Exception {
      exec(url, "root", "INSERT INTO sentinel SELECT seq, md5(seq) FROM seq_30001_to_31000");
    }

    @Override
    public void logIsIn(ManagedInstance instance, Path dir) throws Exception {
      assertThat(one(instance.engine().jdbcUrl(instance.descriptor()), "root", "SELECT @@innodb_log_group_home_dir"))
          .isEqualTo(dir.toString());
      assertThat(dir.resolve("ib_logfile0")).exists();
    }

    @Override
    public void consistent(ManagedInstance instance, String url) throws Exception {
      String check = one(url, "root", "CHECK TABLE sentinel EXTENDED");
      assertThat(check).endsWith("status OK");
    }
  }
}
