package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.assertCompleted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.driver.mariadb.MariadbDialect;
import io.commitbench.driver.postgresql.PostgresqlDialect;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargetExtension;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.Db;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An actor's password reaches PostgreSQL and MariaDB only as the server's own hash of it, and
 * the actor still logs in with the clear password. The shared local PostgreSQL
 * trusts every login from 127.0.0.1, so a login there proves nothing about the password: the
 * proof is a private PostgreSQL instance that asks for SCRAM, against which a whole db-users run
 * must complete. The shared servers' settings are left alone: {@code log_statement} is set for
 * the test's own session only.
 */
@ExtendWith(DatabaseTargetExtension.class)
class ActorPasswordIT {

  private static final Workload SHORT = new Workload(2, 0, 1, 5, 2);
  private static final Pattern PASSWORD_CLAUSE = Pattern.compile("PASSWORD '([^']*)'");

  @Test
  void postgresqlKeepsTheVerifierAsSentAndItsLogHasNoPassword(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg)
      throws Exception {
    TestNames names = TestNames.unique();
    DbUser user = new DbUser(names.userPrefix() + "1", password());
    List<String> create = new PostgresqlDialect().users().createUserStatements(user, 50);
    assertThat(create).noneSatisfy(sql -> assertThat(sql).contains(user.password()));
    Optional<Path> serverLog = debianServerLog(pg);
    long logBefore = serverLog.isPresent() ? Files.size(serverLog.get()) : 0;

    try (Connection admin = pg.connect()) {
      try {
        // This session only: the server's own setting (none) stays for everyone else.
        execute(admin, List.of("SET log_statement = 'ddl'"));
        execute(admin, create);

        String sent = verifierIn(create.get(0));
        assertThat(sent).startsWith("SCRAM-SHA-256$4096:");
        // Taken as a password, the text would have been hashed into another verifier.
        assertThat(single(admin, "SELECT rolpassword FROM pg_authid WHERE rolname = ?", user.name()))
            .as("what PostgreSQL stored").isEqualTo(sent);
        try (Connection actor = DriverManager.getConnection(pg.url(), user.name(), user.password())) {
          assertThat(actor.isValid(5)).isTrue();
        }
        if (serverLog.isPresent()) {
          String logged = tail(serverLog.get(), logBefore);
          assertThat(logged).as("server log %s since the test began", serverLog.get())
              .contains("CREATE ROLE " + user.name() + " LOGIN PASSWORD 'SCRAM-SHA-256$4096:")
              .doesNotContain(user.password());
        }
      } finally {
        new Catalog(DatabaseKind.POSTGRESQL, admin).dropEverything(names);
      }
    }
  }

  /**
   * A private PostgreSQL that asks every role but postgres for SCRAM and logs all DDL: the
   * dialect's role logs in with the clear password and not with another, a whole db-users run
   * completes (each actor logged in as its own role), and the log holds verifiers only.
   */
  @Test
  void postgresqlActorsLogInThroughScramOnAServerThatChecks(@TempDir Path tmp) throws Exception {
    InstanceItSupport.requirements("postgresql");
    Path base = InstanceItSupport.base("actor-password-it-");
    ManagedInstance instance = null;
    try {
      instance = ManagedInstance.create("postgresql", base.resolve("inst"), base.resolve("inst/data"),
          base.resolve("wal"), 0, Optional.empty(), ProcessCommandRunner.standard());
      Files.writeString(instance.descriptor().dataDir().resolve("pg_hba.conf"), String.join("\n",
          "local all all trust",
          "host all postgres 127.0.0.1/32 trust",
          "host all all 127.0.0.1/32 scram-sha-256", ""), StandardCharsets.UTF_8);
      instance.query("ALTER SYSTEM SET log_statement = 'ddl'");
      instance.query("SELECT pg_reload_conf()");
      String url = "jdbc:postgresql://127.0.0.1:" + instance.descriptor().port() + "/test";
      TestNames names = TestNames.unique();

      DbUser user = new DbUser(names.userPrefix() + "9", password());
      try (Connection admin = DriverManager.getConnection(url, "postgres", "")) {
        execute(admin, new PostgresqlDialect().users().createUserStatements(user, 50));
      }
      try (Connection actor = DriverManager.getConnection(url, user.name(), user.password())) {
        assertThat(actor.isValid(5)).isTrue();
      }
      assertThatThrownBy(() -> DriverManager.getConnection(url, user.name(), user.password() + "x").close())
          .isInstanceOf(SQLException.class).extracting(e -> ((SQLException) e).getSQLState())
          .as("invalid_password").isEqualTo("28P01");

      Path file = Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys());
      RunOutput run = Commitbench.run(file, tmp.resolve("results"), "scram", Map.of("db.url", url,
          "db.user", "postgres", "users.mode", "db-users", "table.prefix", names.tablePrefix(),
          "user.prefix", names.userPrefix()));
      assertCompleted(run);

      String log = Files.readString(instance.descriptor().instanceDir().resolve("server.log"), StandardCharsets.UTF_8);
      List<String> passwords = PASSWORD_CLAUSE.matcher(log).results().map(m -> m.group(1)).toList();
      assertThat(log).contains("CREATE ROLE " + names.userPrefix() + "1 LOGIN PASSWORD 'SCRAM-SHA-256$4096:",
          "CREATE ROLE " + names.userPrefix() + "2 LOGIN PASSWORD 'SCRAM-SHA-256$4096:");
      assertThat(passwords).as("every password clause the server logged").hasSize(3)
          .allSatisfy(p -> assertThat(p).startsWith("SCRAM-SHA-256$4096:"));
      assertThat(log).doesNotContain(user.password());
    } finally {
      if (instance != null) {
        InstanceItSupport.quietly(instance::destroy);
      }
      InstanceItSupport.deleteTree(base);
    }
  }

  /**
   * MariaDB checks every password, so the shared server proves the login. What it stored is the
   * hash that was sent, for the native plugin; the general log is not switched on (it is global).
   */
  @Test
  void mariadbActorLogsInWithTheClearPasswordButOnlyItsHashWasSent(@Db(DatabaseKind.MARIADB) DatabaseTarget maria)
      throws Exception {
    TestNames names = TestNames.unique();
    DbUser user = new DbUser(names.userPrefix() + "1", password());
    Dialect dialect = new MariadbDialect();
    List<String> create = dialect.users().createUserStatements(user, 50);
    assertThat(create).noneSatisfy(sql -> assertThat(sql).contains(user.password()));

    try (Connection admin = maria.connect()) {
      try {
        execute(admin, create);

        assertThat(single(admin, "SELECT CONCAT(plugin, ' ', authentication_string) FROM mysql.user"
            + " WHERE User = ? AND Host = '%'", user.name()))
            .isEqualTo("mysql_native_password " + create.get(0).replaceAll(".*PASSWORD '([^']*)'", "$1"));
        // Without the database, which the account has no grant on (that would be error 1044, after the login).
        String server = maria.url().substring(0, maria.url().lastIndexOf('/') + 1);
        try (Connection actor = DriverManager.getConnection(server, user.name(), user.password())) {
          assertThat(actor.isValid(5)).isTrue();
        }
        assertThatThrownBy(() -> DriverManager.getConnection(server, user.name(), user.password() + "x").close())
            .isInstanceOf(SQLException.class).extracting(e -> ((SQLException) e).getErrorCode())
            .as("access denied").isEqualTo(1045);
      } finally {
        new Catalog(DatabaseKind.MARIADB, admin).dropEverything(names);
      }
    }
  }

  /** Letters and digits, as the harness generates them. */
  private static String password() {
    SecureRandom random = new SecureRandom();
    StringBuilder password = new StringBuilder("Pw");
    for (int i = 0; i < 20; i++) {
      password.append("abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789".charAt(random.nextInt(56)));
    }
    return password.toString();
  }

  private static String verifierIn(String sql) {
    Matcher m = PASSWORD_CLAUSE.matcher(sql);
    assertThat(m.find()).as("a PASSWORD clause in %s", sql).isTrue();
    return m.group(1);
  }

  /**
   * Where Debian's pg_ctlcluster sends the server's stderr, when it is readable here; else empty,
   * with the reason printed, and the log part of the test is left out.
   */
  private static Optional<Path> debianServerLog(DatabaseTarget pg) throws SQLException {
    try (Connection admin = pg.connect()) {
      String cluster = single(admin, "SELECT current_setting('cluster_name')", null);
      Path log = Path.of("/var/log/postgresql/postgresql-" + cluster.replace('/', '-') + ".log");
      if (Files.isReadable(log)) {
        return Optional.of(log);
      }
      System.out.println(DatabaseTargets.LOG_PREFIX + "server log not checked: " + log + " is not readable here");
      return Optional.empty();
    }
  }

  private static String tail(Path file, long from) throws Exception {
    byte[] all = Files.readAllBytes(file);
    return new String(all, (int) Math.min(from, all.length), (int) Math.max(0, all.length - from),
        StandardCharsets.UTF_8);
  }

  private static void execute(Connection c, List<String> statements) throws SQLException {
    try (Statement st = c.createStatement()) {
      for (String sql : statements) {
        st.execute(sql);
      }
    }
  }

  private static String single(Connection c, String sql, String parameter) throws SQLException {
    try (PreparedStatement st = c.prepareStatement(sql)) {
      if (parameter != null) {
        st.setString(1, parameter);
      }
      try (ResultSet rs = st.executeQuery()) {
        assertThat(rs.next()).as("a row of %s", sql).isTrue();
        return rs.getString(1);
      }
    }
  }
}
