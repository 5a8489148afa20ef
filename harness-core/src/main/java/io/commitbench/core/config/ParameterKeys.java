package io.commitbench.core.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Every key a parameter file may contain, with its default and allowed range: the one place
 * that defines them. The paper's eight keys keep their names and meaning (note that
 * {@code tablename} is the NUMBER of tables, as in the paper) and are required, because a run's
 * workload must be stated, not assumed; every other key has a default.
 */
public final class ParameterKeys {

  public static final String USERS = "users";
  public static final String SLEEP = "sleep";
  public static final String TABLES = "tablename";
  public static final String INSERTS = "tableinsertnumber";
  public static final String SELECTS = "tableselectnumber";
  public static final String UPDATES = "tableupdatenumber";
  public static final String DELETES = "tabledeletenumber";
  public static final String REPEAT = "repeat";
  public static final String DB_TYPE = "db.type";
  public static final String DB_URL = "db.url";
  public static final String DB_USER = "db.user";
  public static final String DB_INSTANCE = "db.instance";
  public static final String DB_PASSWORD_ENV = "db.password.env";
  public static final String DB_PASSWORD_FILE = "db.password.file";
  public static final String AUTOCOMMIT = "autocommit";
  public static final String COMMIT_INTERVAL = "commit.interval";
  public static final String QUOTA = "quota";
  public static final String USERS_MODE = "users.mode";
  public static final String CLEANUP = "cleanup";
  public static final String TABLE_PREFIX = "table.prefix";
  public static final String USER_PREFIX = "user.prefix";
  public static final String TEXT_LENGTH = "text.length";
  public static final String STATEMENT_TIMEOUT = "statement.timeout";
  public static final String CONNECT_TIMEOUT = "connect.timeout";
  public static final String RECONNECT_TIMEOUT = "reconnect.timeout";
  public static final String REPORT_INTERVAL = "report.interval";
  public static final String RESULTS_DIR = "results.dir";
  public static final String RUN_ID = "run.id";
  public static final String FORMAT_ARM = "storage.format.arm";
  public static final String FORMAT_POLL = "storage.format.poll";
  public static final String FORMAT_FSTRIM = "storage.format.fstrim";

  /** Refused with a message of its own: passwords never sit in a parameter file. */
  public static final String DB_PASSWORD = "db.password";

  private static final long MAX_PER_TABLE = 1_000_000;

  private ParameterKeys() {}

  /**
   * All keys, in documentation order.
   *
   * @param dialectNames the allowed values of {@code db.type} (the dialects on the class path)
   */
  public static List<Key> all(Collection<String> dialectNames) {
    List<Key> keys = new ArrayList<>();
    keys.add(Key.requiredInteger(USERS, 1, 10_000, "Number of actors (simulated database users), each one thread and one connection."));
    keys.add(Key.requiredInteger(SLEEP, 0, 3_600_000, "Milliseconds between the starts of two actors in a cycle."));
    keys.add(Key.requiredInteger(TABLES, 1, 1_000, "Number of central tables (the paper's name for the key)."));
    keys.add(Key.requiredInteger(INSERTS, 0, MAX_PER_TABLE, "Inserts each actor runs on each table per cycle."));
    keys.add(Key.requiredInteger(SELECTS, 0, MAX_PER_TABLE, "Selects each actor runs on each table per cycle."));
    keys.add(Key.requiredInteger(UPDATES, 0, MAX_PER_TABLE, "Updates each actor runs on each table per cycle."));
    keys.add(Key.requiredInteger(DELETES, 0, MAX_PER_TABLE,
        "Delete statements each actor runs on each table per cycle; together they remove the rows it inserted"
            + " (0 keeps them, with repeat=1)."));
    keys.add(Key.requiredInteger(REPEAT, 1, 1_000_000, "Number of cycles run one after another."));
    keys.add(Key.choice(DB_TYPE, null, List.copyOf(dialectNames), "Database kind; inferred from db.url when absent, h2 when both are absent."));
    keys.add(Key.text(DB_URL, null, "JDBC URL; absent means the embedded H2 database under results.dir."));
    keys.add(Key.text(DB_INSTANCE, null, "Directory of a managed instance ('commitbench storage instance create'); "
        + "its connection.properties supplies db.type, db.url and db.user where they are not set."));
    keys.add(Key.text(DB_USER, null, "The central user that owns the tables (default: the dialect's usual admin user)."));
    keys.add(Key.envName(DB_PASSWORD_ENV, "Name of the environment variable holding db.user's password."));
    keys.add(Key.text(DB_PASSWORD_FILE, null, "File whose first line is db.user's password."));
    keys.add(Key.bool(AUTOCOMMIT, true, "Whether every statement commits by itself."));
    keys.add(Key.integer(COMMIT_INTERVAL, 1, 1, MAX_PER_TABLE, "With autocommit=false: statements per commit (a phase's remainder commits at its end)."));
    keys.add(Key.integer(QUOTA, 50, 1, 1_048_576, "Tablespace quota in MB of each created user (Oracle; others have none)."));
    keys.add(Key.choice(USERS_MODE, UsersMode.AUTO.value(),
        List.of(UsersMode.AUTO.value(), UsersMode.DB_USERS.value(), UsersMode.SHARED.value()),
        "db-users: one database user per actor; shared: all actors log in as db.user; auto: db-users when db.user may create users."));
    keys.add(Key.bool(CLEANUP, true, "Whether the tables and users the run created are dropped at its end."));
    keys.add(Key.identifier(TABLE_PREFIX, "cb_table_", "Prefix of the central tables' names; tables are <prefix>1 .. <prefix>N."));
    keys.add(Key.identifier(USER_PREFIX, "cb_user_", "Prefix of the created users' names; users are <prefix>1 .. <prefix>N."));
    keys.add(Key.integer(TEXT_LENGTH, 32, 1, 4_000, "Length of the two varchar attributes, declared and written."));
    keys.add(Key.integer(STATEMENT_TIMEOUT, 60, 1, 86_400, "Seconds one statement may run before it is cancelled."));
    keys.add(Key.integer(CONNECT_TIMEOUT, 10, 1, 600, "Seconds one connection attempt may take."));
    keys.add(Key.integer(RECONNECT_TIMEOUT, 60, 0, 86_400, "Seconds an actor keeps trying to re-establish a lost connection before the run fails."));
    keys.add(Key.integer(REPORT_INTERVAL, 1, 1, 3_600, "Seconds per progress line and per row of intervals.csv."));
    keys.add(Key.text(RESULTS_DIR, "results", "Directory that receives one folder per run."));
    keys.add(Key.text(RUN_ID, null, "Name of the run's folder (letters, digits, '.', '_', '-'); default: time and database kind."));
    keys.add(Key.text(FORMAT_ARM, null, "Log pre-format arm run beside the workload (storage agent): baseline, or one of the "
        + "arms of the database kind (see 'commitbench storage formatters'); absent: no formatter."));
    keys.add(Key.integer(FORMAT_POLL, 200, 10, 60_000, "Milliseconds between two looks of the formatter for logs that became reusable."));
    keys.add(Key.bool(FORMAT_FSTRIM, true, "Whether the formatter runs fstrim on the log's filesystem where its arm calls for it."));
    return List.copyOf(keys);
  }
}
