package io.commitbench.driver.postgresql;

import io.commitbench.core.server.Row;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether pg_wait_sampling can be read here: its library loaded (it defines {@code
 * pg_wait_sampling.profile_period} only then, which needs {@code shared_preload_libraries}), the
 * extension created in this database (commitbench never creates it), its profile kept per backend
 * ({@code pg_wait_sampling.profile_pid}) and readable by this user.
 *
 * @param schema where the extension's objects live, when usable
 * @param periodMillis how often its collector samples every backend
 * @param unusable why it cannot be used, or null when it can
 */
record PostgresqlWaitSamplingProbe(String schema, double periodMillis, String unusable) {

  static final String PROBE_SQL = "SELECT current_setting('pg_wait_sampling.profile_period', true) AS profile_period,"
      + " current_setting('pg_wait_sampling.profile_pid', true) AS profile_pid,"
      + " (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
      + " WHERE e.extname = 'pg_wait_sampling') AS extension_schema, current_database() AS database";

  /** pg_wait_sampling's default period, in ms. */
  static final double DEFAULT_PERIOD_MILLIS = 10;

  private static final Pattern PERIOD = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ms|s)?\\s*");

  boolean usable() {
    return unusable == null;
  }

  /** {@code "pg_catalog"."pg_wait_sampling_profile"}: the profile view, qualified by the extension's schema. */
  String profileView() {
    return "\"" + schema.replace("\"", "\"\"") + "\".pg_wait_sampling_profile";
  }

  static PostgresqlWaitSamplingProbe of(RowSource db) throws SQLException {
    Row row = db.query(PROBE_SQL).get(0);
    String period = row.text("profile_period");
    if (period == null) {
      return unusable("its library is not in shared_preload_libraries");
    }
    String schema = row.text("extension_schema");
    if (schema == null) {
      return unusable("the extension is not created in database " + row.text("database")
          + " (its library is in shared_preload_libraries; CREATE EXTENSION pg_wait_sampling makes it readable)");
    }
    if ("off".equals(row.text("profile_pid"))) {
      return unusable("pg_wait_sampling.profile_pid is off, so its profile does not tell sessions apart");
    }
    PostgresqlWaitSamplingProbe probe = new PostgresqlWaitSamplingProbe(schema, periodMillis(period), null);
    try {
      db.query("SELECT count(*) AS entries FROM " + probe.profileView());
    } catch (SQLException e) {
      return unusable("reading " + probe.profileView() + " failed: " + e.getMessage());
    }
    return probe;
  }

  /** {@code 10}, {@code 10ms} or {@code 1s} as ms; the default when the text is none of these. */
  static double periodMillis(String setting) {
    Matcher m = PERIOD.matcher(setting);
    if (!m.matches()) {
      return DEFAULT_PERIOD_MILLIS;
    }
    double value = Double.parseDouble(m.group(1));
    return "s".equals(m.group(2)) ? value * 1000 : value;
  }

  private static PostgresqlWaitSamplingProbe unusable(String reason) {
    return new PostgresqlWaitSamplingProbe(null, DEFAULT_PERIOD_MILLIS, reason);
  }
}
