package io.commitbench.it.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * A database the tests may use: how to connect as its administrator and where it came from.
 *
 * @param url JDBC URL of the test database
 * @param user an administrator, allowed to create tables and users
 * @param password the user's password, empty when the server trusts the user
 * @param passwordVariable the environment variable of this JVM that holds the password, or null
 *     when it is in none (a container's generated password)
 * @param origin how it was found, for the build log: {@code local service on 127.0.0.1:5432}
 */
public record DatabaseTarget(DatabaseKind kind, String url, String user, String password, String passwordVariable,
    String origin) {

  /** An embedded H2 database in file mode under {@code directory}. */
  public static DatabaseTarget h2(Path directory) {
    io.commitbench.core.dialect.Dialect h2 = DatabaseKind.H2.dialect();
    String url = h2.defaultUrl(directory).orElseThrow();
    return new DatabaseTarget(DatabaseKind.H2, url, h2.defaultUser(), "", null, "embedded H2 in " + directory);
  }

  /** A new administrator connection (auto-commit on); the caller closes it. */
  public Connection connect() throws SQLException {
    Properties properties = kind.probeProperties();
    properties.setProperty("user", user);
    properties.setProperty("password", password);
    return DriverManager.getConnection(url, properties);
  }

  /**
   * The {@code --set} values that point a run at this database. A password travels as the
   * harness expects it, never on the command line: as the name of the variable that holds it,
   * or else as a file written into {@code secretsDirectory}.
   */
  public Map<String, String> settings(Path secretsDirectory) throws IOException {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("db.url", url);
    settings.put("db.user", user);
    if (!password.isEmpty()) {
      if (passwordVariable != null) {
        settings.put("db.password.env", passwordVariable);
      } else {
        Files.createDirectories(secretsDirectory);
        Path file = secretsDirectory.resolve(kind.dbType() + ".password");
        Files.writeString(file, password + "\n", StandardCharsets.UTF_8);
        settings.put("db.password.file", file.toString());
      }
    }
    return settings;
  }

  /**
   * {@link #settings} plus the test's own table and user prefixes and {@code users.mode}: what a
   * test's run against this database needs; a mutable map, for the test's further settings.
   */
  public Map<String, String> runSettings(Path secretsDirectory, TestNames names, String usersMode)
      throws IOException {
    Map<String, String> settings = new LinkedHashMap<>(settings(secretsDirectory));
    settings.put("table.prefix", names.tablePrefix());
    settings.put("user.prefix", names.userPrefix());
    settings.put("users.mode", usersMode);
    return settings;
  }

  @Override
  public String toString() {
    return kind.dbType() + " (" + origin + ": " + url + " as " + user + ")";
  }
}
