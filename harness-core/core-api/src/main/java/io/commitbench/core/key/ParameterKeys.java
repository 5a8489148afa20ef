package io.commitbench.core.key;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The engine's keys, with their defaults and allowed ranges: the one place that defines them. A
 * workload declares its own keys beside them (the paper's testframe keeps the paper's names and
 * requires them, and {@code users} and {@code sleep}, because its workload must be stated, not
 * assumed); together they are every key a parameter file may contain.
 */
public final class ParameterKeys {

  public static final String WORKLOAD = "workload";
  public static final String USERS = "users";
  public static final String SLEEP = "sleep";
  public static final String DURATION = "duration";
  public static final String TRANSACTIONS = "transactions";
  public static final String WARMUP = "warmup";
  public static final String RATE = "rate";
  public static final String RATE_ARRIVAL = "rate.arrival";
  public static final String RATE_BACKLOG = "rate.backlog";
  public static final String RATE_BACKLOG_FAIL = "rate.backlog.fail";
  public static final String RATE_TOLERANCE = "rate.tolerance";
  public static final String RATE_MISS_FAIL = "rate.miss.fail";
  /** {@code rate.tolerance}'s default, in percent. */
  public static final int RATE_TOLERANCE_DEFAULT = 5;
  public static final String THINK_TIME = "think.time";
  public static final String THINK_TIME_DISTRIBUTION = "think.time.distribution";
  public static final String RETRY_MAX = "retry.max";
  public static final String DB_TYPE = "db.type";
  public static final String DB_URL = "db.url";
  public static final String DB_URL_TRUSTED = "db.url.trusted";
  public static final String DB_USER = "db.user";
  public static final String DB_INSTANCE = "db.instance";
  public static final String DB_PASSWORD_ENV = "db.password.env";
  public static final String DB_PASSWORD_FILE = "db.password.file";
  public static final String QUOTA = "quota";
  public static final String USERS_MODE = "users.mode";
  public static final String CLEANUP = "cleanup";
  public static final String TABLE_PREFIX = "table.prefix";
  public static final String USER_PREFIX = "user.prefix";
  public static final String OWNER = "owner";
  public static final String STATEMENT_TIMEOUT = "statement.timeout";
  public static final String CONNECT_TIMEOUT = "connect.timeout";
  public static final String RECONNECT_TIMEOUT = "reconnect.timeout";
  public static final String ERRORS_MAX = "errors.max";
  public static final String REPORT_INTERVAL = "report.interval";
  public static final String BREAKDOWN = "breakdown";
  public static final String BREAKDOWN_SAMPLE_RATE = "breakdown.sample.rate";
  public static final String BREAKDOWN_KERNEL = "breakdown.kernel";
  public static final String RESULTS_DIR = "results.dir";
  public static final String RUN_ID = "run.id";
  public static final String RUN_LABEL = "run.label";
  public static final String RUNS = "runs";
  public static final String RUNS_SETUP = "runs.setup";
  public static final String SWEEP_KEY = "sweep.key";
  public static final String SWEEP_VALUES = "sweep.values";

  /** Refused with a message of its own: passwords never sit in a parameter file. */
  public static final String DB_PASSWORD = "db.password";

  /**
   * The engine's keys that shape the load a run puts on the database (beside the workload's own):
   * runs that differ in one of them measure different things, so {@code compare} refuses them.
   */
  public static final List<String> LOAD_KEYS = List.of(WORKLOAD, USERS, SLEEP, DURATION, TRANSACTIONS, WARMUP, RATE,
      RATE_ARRIVAL, THINK_TIME, THINK_TIME_DISTRIBUTION, RETRY_MAX);

  /**
   * The engine's keys that only some products act on: each dialect names those it does ({@code
   * Users#productKeys}), and a report shows them only for its runs.
   */
  public static final List<String> PRODUCT_KEYS = List.of(QUOTA);

  /**
   * The engine's keys a sweep may go over ({@code sweep.key}), beside the workload's own that take
   * numbers: the load keys that take numbers.
   */
  public static final List<String> SWEEPABLE = List.of(RATE, USERS, THINK_TIME, SLEEP, DURATION, TRANSACTIONS, WARMUP,
      RETRY_MAX);

  /**
   * The swept keys whose values leave the tables and users fit for the next value, so that {@code
   * runs.setup=kept} keeps them from one value to the next: they change when transactions start and
   * for how long, not what is created. {@code users} is not among them (one database user per actor),
   * nor is any workload key (it may shape the tables).
   */
  public static final List<String> SWEPT_WITH_SETUP_KEPT = List.of(RATE, THINK_TIME, SLEEP, DURATION, TRANSACTIONS,
      WARMUP, RETRY_MAX);

  private ParameterKeys() {}

  /**
   * The engine's keys, in documentation order; each workload adds its own ({@code
   * io.commitbench.core.workload.Workload#keys}).
   *
   * @param dialectNames the allowed values of {@code db.type} (the dialects on the class path)
   * @param workloadNames the allowed values of {@code workload}
   */
  public static List<Key> all(Collection<String> dialectNames, Collection<String> workloadNames) {
    List<Key> keys = new ArrayList<>();
    keys.add(Key.choice(WORKLOAD, "paper", List.copyOf(workloadNames), "What the actors do (see 'commitbench workloads')."));
    keys.add(Key.integer(USERS, 1, 1, 10_000, "Number of actors (simulated database users), each one thread and one connection."));
    keys.add(Key.integer(SLEEP, 0, 0, 3_600_000, "Milliseconds between the starts of two actors (in every cycle, for a workload with cycles)."));
    keys.add(Key.optionalInteger(DURATION, 1, 31_536_000,
        "Seconds the measurement runs (after the warm-up); absent: the run is count-based (repeat or transactions)."));
    keys.add(Key.optionalInteger(TRANSACTIONS, 1, 2_000_000_000,
        "Transactions of a count-based run of a workload without cycles, over all actors (after the warm-up)."));
    keys.add(Key.integer(WARMUP, 0, 0, 86_400,
        "Seconds of warm-up before the measurement: measured, shown on its own and excluded from the results."));
    keys.add(Key.optionalInteger(RATE, 1, 10_000_000,
        "Target transactions per second of the whole run (an open loop: latency counts from each intended start);"
            + " absent: every actor starts its next transaction as soon as the last one ended."));
    keys.add(Key.choice(RATE_ARRIVAL, "uniform", List.of("uniform", "poisson"),
        "With rate: intended starts evenly spaced, or a Poisson process (exponential gaps) of the same mean rate."));
    keys.add(Key.integer(RATE_BACKLOG, 10, 1, 86_400,
        "With rate: seconds an actor may fall behind its schedule; arrivals older than that are shed and counted."));
    keys.add(Key.bool(RATE_BACKLOG_FAIL, false, "With rate: fail the run instead of shedding arrivals when the backlog is exceeded."));
    keys.add(Key.integer(RATE_TOLERANCE, RATE_TOLERANCE_DEFAULT, 0, 100, "With rate: percent by which the"
        + " achieved transactions per second may fall short of rate; a run that falls further short missed its"
        + " target, and its last lines and summary.json say so."));
    keys.add(Key.bool(RATE_MISS_FAIL, false, "With rate: a run that missed its target rate by more than rate.tolerance"
        + " fails (exit code 1) instead of ending with a warning (exit code 0)."));
    keys.add(Key.optionalInteger(THINK_TIME, 0, 3_600_000,
        "Milliseconds an actor waits between two of its transactions (closed loop); not with rate."));
    keys.add(Key.choice(THINK_TIME_DISTRIBUTION, "fixed", List.of("fixed", "exponential"),
        "With think.time: always think.time, or exponentially distributed with think.time as its mean."));
    keys.add(Key.integer(RETRY_MAX, 0, 0, 100,
        "Times a transaction that failed with a deadlock or serialization failure is retried; retries are counted apart"
            + " from errors. What a workload ignores (the OLTP workloads: what sysbench ignores) is started again without it."));
    keys.add(Key.choice(DB_TYPE, null, List.copyOf(dialectNames), "Database kind; inferred from db.url when absent, h2 when both are absent."));
    keys.add(Key.text(DB_URL, null, "JDBC URL; absent means the embedded H2 database under results.dir."));
    keys.add(Key.bool(DB_URL_TRUSTED, false, "Whether db.url may carry driver settings that run SQL when connecting,"
        + " load a class they name, or read further settings or write a file at a path they name (H2's INIT,"
        + " pgjdbc's socketFactory, ...); refused otherwise, as a parameter file is data. Only for a URL you checked."));
    keys.add(Key.text(DB_INSTANCE, null, "Directory of a managed instance ('commitbench storage instance create'); "
        + "its connection.properties supplies db.type, db.url and db.user where they are not set."));
    keys.add(Key.text(DB_USER, null, "The central user that owns the tables (default: the dialect's usual admin user)."));
    keys.add(Key.envName(DB_PASSWORD_ENV, "Name of the environment variable holding db.user's password."));
    keys.add(Key.text(DB_PASSWORD_FILE, null, "File whose first line is db.user's password."));
    keys.add(Key.integer(QUOTA, 50, 1, 1_048_576, "Tablespace quota in MB of each created user (Oracle, with users.mode=db-users; others have none)."));
    keys.add(Key.choice(USERS_MODE, UsersMode.AUTO.value(),
        List.of(UsersMode.AUTO.value(), UsersMode.DB_USERS.value(), UsersMode.SHARED.value()),
        "db-users: one database user per actor; shared: all actors log in as db.user; auto: db-users when db.user may create users."));
    keys.add(Key.bool(CLEANUP, true, "Whether the tables and users the run created are dropped at its end."));
    keys.add(Key.identifier(TABLE_PREFIX, null, "Prefix of the names of the tables a run creates (the paper's are"
        + " <prefix>1 .. <prefix>N); default: a namespace of the run's own, cb_<run id>_<4 random>_; a fixed prefix"
        + " whose tables exist is refused."));
    keys.add(Key.identifier(USER_PREFIX, null, "Prefix of the created users' names (<prefix>1 .. <prefix>N);"
        + " default: the run's namespace and _u; a fixed prefix whose users exist is refused."));
    keys.add(Key.owner(OWNER, "Whose the tables and users a run or prepare creates are, named in their mark:"
        + " 'commitbench cleanup --apply' drops only its owner's; default: <os user>@<host>."));
    keys.add(Key.integer(STATEMENT_TIMEOUT, 60, 1, 86_400, "Seconds one statement may run before it is cancelled."));
    keys.add(Key.integer(CONNECT_TIMEOUT, 10, 1, 600, "Seconds one connection attempt may take."));
    keys.add(Key.integer(RECONNECT_TIMEOUT, 60, 0, 86_400, "Seconds an actor keeps trying to re-establish a lost connection before the run fails."));
    keys.add(Key.text(ERRORS_MAX, ErrorBudget.DEFAULT, "Failed statements a run may have before it stops and fails:"
        + " a count, or a share of the statements attempted (of at least " + ErrorBudget.MIN_BASE + ")."));
    keys.add(Key.integer(REPORT_INTERVAL, 1, 1, 3_600, "Seconds per progress line and per row of intervals.csv."));
    keys.add(Key.bool(BREAKDOWN, true, "Splits the commits' mean latency into round trip, log write, log sync and"
        + " group-commit wait, from the server's wait events and a trivial statement's round trip on a connection of"
        + " the run's own; false runs neither."));
    keys.add(Key.integer(BREAKDOWN_SAMPLE_RATE, 100, 1, 1_000, "Times per second the breakdown may sample the"
        + " server's sessions where the server does not sample them itself (PostgreSQL without pg_wait_sampling)."));
    keys.add(Key.bool(BREAKDOWN_KERNEL, false, "Adds the kernel's view of the server's log and data syncs and writes"
        + " (perf trace on the syscall tracepoints): needs root, perf and a server on this host; otherwise listed as"
        + " unmeasured with the reason."));
    keys.add(Key.text(RESULTS_DIR, "results", "Directory that receives one folder per run."));
    keys.add(Key.text(RUN_ID, null, "Name of the run's folder (letters, digits, '.', '_', '-'); default: time and database kind."));
    keys.add(Key.text(RUN_LABEL, null, "What the run is called where it is set beside others ('compare', e.g. 'log on"
        + " hdd'); default: what differs between the compared runs' configurations or log devices."));
    keys.add(Key.integer(RUNS, 1, 1, 1_000, "Times the whole measurement runs, each run its own folder; with more"
        + " than 1 the folders (run-1, run-2, ...) are grouped under results.dir/<run.id>/ with group.json, group.txt and"
        + " report.html (median, range and an interval over the runs)."));
    keys.add(Key.choice(RUNS_SETUP, "kept", List.of("kept", "fresh"), "With runs > 1 or a sweep: kept creates the"
        + " tables and users once and empties and reloads the tables before each later run (over a sweep's values when"
        + " the swept key leaves them fit: not users or a workload key); fresh creates and drops them per run."));
    keys.add(Key.text(SWEEP_KEY, null, "Runs the measurement once per value of this key (" + String.join(", ", SWEEPABLE)
        + ", or a workload key that takes a number), runs times each, into results.dir/<run.id>/KEY=VALUE/ with"
        + " group.json, group.txt and report.html; requires sweep.values."));
    keys.add(Key.text(SWEEP_VALUES, null, "With sweep.key: its values, comma-separated (100,200,400,800), each one"
        + " the key allows, each once; run in this order."));
    return List.copyOf(keys);
  }
}
