package io.commitbench.storage.postgresql;

import io.commitbench.storage.format.FormatterContext;
import io.commitbench.storage.format.FormatterTally;
import io.commitbench.storage.format.LogFilesystemTrim;
import io.commitbench.storage.format.LogFormatter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * PostgreSQL's pre-format arms. PostgreSQL decides itself what happens to a WAL segment that is
 * no longer needed: with {@code wal_recycle=on} it is renamed for reuse (the ring), with
 * {@code off} it is removed and a new one created; {@code wal_init_zero=on} fills each new segment
 * with zeros, {@code off} writes only its last byte. An arm sets these two knobs (ALTER SYSTEM and
 * a reload, superuser only), trims the WAL filesystem so freed segments are discarded, observes
 * the segments that appear and vanish while the run goes on, and puts the knobs back at the end.
 */
public final class PostgresqlWalFormatter implements LogFormatter {

  private static final Duration RELOAD_WAIT = Duration.ofSeconds(10);

  private final String arm;
  private final Map<String, String> settings;
  private final FormatterContext context;
  private final FormatterTally tally;
  private final Map<String, String> original = new LinkedHashMap<>();
  private Connection connection;
  private Set<String> segments = Set.of();

  /**
   * @param arm the arm's name
   * @param settings the knobs and values it sets, e.g. {@code wal_recycle=off}
   */
  public PostgresqlWalFormatter(String arm, Map<String, String> settings, FormatterContext context) {
    this.arm = arm;
    this.settings = Map.copyOf(settings);
    this.context = context;
    this.tally = new FormatterTally(arm);
  }

  @Override
  public String arm() {
    return arm;
  }

  @Override
  public void prepare() throws Exception {
    connection = context.connections().open();
    connection.setAutoCommit(true);
    for (Map.Entry<String, String> knob : settings.entrySet()) {
      original.put(knob.getKey(), autoConfValue(knob.getKey()));
      long began = System.nanoTime();
      execute("ALTER SYSTEM SET " + knob.getKey() + " = " + knob.getValue());
      tally.record("alter system set " + knob.getKey() + "=" + knob.getValue(), Duration.ofNanos(System.nanoTime() - began));
    }
    reloadAndWait(settings);
    tally.note("settings during the run: " + describeSettings());
    new LogFilesystemTrim(context.runner(), context.fstrim()).trim(walDirectory(), tally);
    segments = listSegments();
  }

  @Override
  public void poll() throws Exception {
    Set<String> now = listSegments();
    Set<String> appeared = new HashSet<>(now);
    appeared.removeAll(segments);
    Set<String> vanished = new HashSet<>(segments);
    vanished.removeAll(now);
    tally.observe("WAL segment names appeared", appeared.size());
    tally.observe("WAL segment names vanished", vanished.size());
    segments = now;
  }

  @Override
  public void finish() throws Exception {
    if (connection == null) {
      return;
    }
    try (Connection closing = connection) {
      for (Map.Entry<String, String> knob : original.entrySet()) {
        // Put back exactly what postgresql.auto.conf held: the operator's own ALTER SYSTEM value, or nothing.
        execute(knob.getValue() == null ? "ALTER SYSTEM RESET " + knob.getKey()
            : "ALTER SYSTEM SET " + knob.getKey() + " = '" + knob.getValue().replace("'", "''") + "'");
      }
      execute("SELECT pg_reload_conf()");
      tally.note("settings restored: " + String.join(", ", original.keySet()));
    }
  }

  @Override
  public FormatterTally tally() {
    return tally;
  }

  /** The value ALTER SYSTEM had set before, or null when postgresql.auto.conf did not set it. */
  private String autoConfValue(String name) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet r = s.executeQuery("SELECT setting, sourcefile FROM pg_settings WHERE name = '" + name + "'")) {
      if (!r.next()) {
        throw new SQLException("this server has no setting " + name + " (PostgreSQL 12 or later is needed)");
      }
      String file = r.getString(2);
      return file != null && file.endsWith("postgresql.auto.conf") ? r.getString(1) : null;
    }
  }

  private void reloadAndWait(Map<String, String> expected) throws Exception {
    execute("SELECT pg_reload_conf()");
    long deadline = System.nanoTime() + RELOAD_WAIT.toNanos();
    while (true) {
      // A new session reads the reloaded configuration; the postmaster signals backends asynchronously.
      boolean all = true;
      try (Connection fresh = context.connections().open()) {
        for (Map.Entry<String, String> knob : expected.entrySet()) {
          all &= show(fresh, knob.getKey()).equalsIgnoreCase(knob.getValue());
        }
      }
      if (all) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new SQLException("the server did not take " + expected + " within " + RELOAD_WAIT.toSeconds() + " s of pg_reload_conf()");
      }
      Thread.sleep(50);
    }
  }

  private String describeSettings() throws SQLException {
    return "wal_recycle=" + show(connection, "wal_recycle") + ", wal_init_zero=" + show(connection, "wal_init_zero");
  }

  private static String show(Connection c, String name) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SHOW " + name)) {
      r.next();
      return r.getString(1);
    }
  }

  /** The WAL directory, or the data directory when it has none here (fstrim trims its filesystem). */
  private Path walDirectory() throws SQLException {
    Path wal = PostgresqlLogExposure.walDirectory(connection);
    return Files.exists(wal) ? wal : wal.getParent();
  }

  private Set<String> listSegments() throws SQLException {
    Set<String> names = new HashSet<>();
    try (Statement s = connection.createStatement();
        ResultSet r = s.executeQuery("SELECT name FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$'")) {
      while (r.next()) {
        names.add(r.getString(1));
      }
    }
    return names;
  }

  private void execute(String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }
}
