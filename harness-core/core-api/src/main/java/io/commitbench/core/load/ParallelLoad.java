package io.commitbench.core.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Loads chunks of rows over several connections at once, each chunk in a transaction of its own,
 * then runs what has to follow the rows (secondary indexes: building one over loaded rows is
 * faster than keeping it up to date row by row), again in parallel. Prints a progress line with
 * rows/s and an ETA every {@code progressEverySeconds}. Every failure is reported: the first one
 * thrown, the others attached to it as suppressed; a failure stops the other connections taking
 * further chunks. A table whose loads would only queue behind each other ({@link
 * BulkLoader#oneConnectionReason}) is loaded on one connection, beside the other tables.
 *
 * <pre>
 * LoadFigures f = new ParallelLoad(dialect.bulkLoader(), opener, 4, console::println, 5)
 *     .load(chunks, List.of(List.of("CREATE INDEX ..."), List.of("CREATE INDEX ...")));
 * </pre>
 */
public final class ParallelLoad {

  /** How often the waiting thread looks at the stop while the loaders work. */
  private static final long STOP_POLL_MILLIS = 200;

  private final BulkLoader loader;
  private final ConnectionOpener opener;
  private final int threads;
  private final Consumer<String> progress;
  private final long progressEverySeconds;
  private final java.util.function.BooleanSupplier stopRequested;
  /**
   * The loaders' open connections, aborted when a stop is asked for mid-statement; by identity,
   * as a connection's own equals and hashCode are the driver's.
   */
  private final Set<Connection> open = java.util.Collections.synchronizedSet(
      java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));

  public ParallelLoad(BulkLoader loader, ConnectionOpener opener, int threads, Consumer<String> progress,
      long progressEverySeconds) {
    this(loader, opener, threads, progress, progressEverySeconds, () -> false);
  }

  /**
   * @param stopRequested asked while the load runs: once true, no connection takes a further chunk,
   *     the chunks in flight end (their row sources run dry, their connections are aborted where a
   *     statement runs on), and {@link #load} throws {@link LoadStoppedException} within seconds
   */
  public ParallelLoad(BulkLoader loader, ConnectionOpener opener, int threads, Consumer<String> progress,
      long progressEverySeconds, java.util.function.BooleanSupplier stopRequested) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, not " + threads);
    }
    this.loader = loader;
    this.opener = opener;
    this.threads = threads;
    this.progress = progress;
    this.progressEverySeconds = progressEverySeconds;
    this.stopRequested = stopRequested;
  }

  /**
   * Loads the chunks, then runs each group of {@code after} statements on one connection (the
   * groups in parallel).
   */
  public LoadFigures load(List<LoadChunk> chunks, List<List<String>> after) throws SQLException, InterruptedException {
    long start = System.nanoTime();
    LoadProgress counter = new LoadProgress(chunks.stream().mapToLong(LoadChunk::rows).sum(), start);
    Map<String, String> oneConnection = oneConnectionTables(chunks);
    // Set when a connection failed or the load was interrupted: no connection takes a further task,
    // and a table loaded chunk after chunk on one connection stops after the chunk in hand.
    AtomicBoolean stopping = new AtomicBoolean();
    List<Task> tasks = chunkTasks(chunks, oneConnection.keySet(), counter, stopping);
    ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "commitbench-load-progress");
      t.setDaemon(true);
      return t;
    });
    ticker.scheduleAtFixedRate(() -> progress.accept(counter.line(System.nanoTime())), progressEverySeconds,
        progressEverySeconds, TimeUnit.SECONDS);
    int connections = Math.max(1, Math.min(threads, tasks.size()));
    try {
      runAll(new ConcurrentLinkedQueue<>(tasks), connections, stopping);
    } finally {
      ticker.shutdownNow();
    }
    if (stopRequested.getAsBoolean()) {
      String left = String.format(Locale.ROOT, "load stopped: %,d of the %,d rows were sent before the stop (the"
          + " chunks in flight cut short); the tables are half-loaded", counter.written(), counter.total());
      progress.accept(left);
      throw new LoadStoppedException(left);
    }
    long loaded = System.nanoTime();
    progress.accept(String.format(Locale.ROOT, "load: %,d rows in %.1f s, %,.0f rows/s (%s, %d connection%s%s)",
        counter.written(), (loaded - start) / 1e9, counter.written() / Math.max(1e-9, (loaded - start) / 1e9),
        loader.method(), connections, connections == 1 ? "" : "s", oneConnectionNote(oneConnection)));
    if (!after.isEmpty()) {
      runAll(new ConcurrentLinkedQueue<>(after.stream().<Task>map(statements -> connection -> {
        try (Statement statement = connection.createStatement()) {
          for (String sql : statements) {
            statement.execute(sql);
          }
        }
        return 0;
      }).toList()), Math.max(1, Math.min(threads, after.size())), new AtomicBoolean());
      if (stopRequested.getAsBoolean()) {
        String left = "load stopped while the indexes were built: the rows are in, some indexes may be missing";
        progress.accept(left);
        throw new LoadStoppedException(left);
      }
      progress.accept(String.format(Locale.ROOT, "load: indexes built in %.1f s", (System.nanoTime() - loaded) / 1e9));
    }
    return new LoadFigures(counter.written(), loaded - start, System.nanoTime() - loaded, loader.method(), connections);
  }

  /** The tables the loader takes on one connection at a time, each with the loader's reason. */
  private Map<String, String> oneConnectionTables(List<LoadChunk> chunks) throws SQLException {
    Map<String, String> reasons = new LinkedHashMap<>();
    if (threads == 1) {
      return reasons; // one connection anyway: nothing to ask
    }
    try (Connection connection = opener.open()) {
      for (String table : chunks.stream().map(LoadChunk::qualifiedTable).distinct().toList()) {
        String reason = loader.oneConnectionReason(connection, table);
        if (reason != null) {
          reasons.put(table, reason);
        }
      }
    }
    return reasons;
  }

  /**
   * A task per chunk, but one task for all the chunks of a table loaded on one connection (each
   * chunk still committed on its own). Those come first: they are the longest.
   */
  private List<Task> chunkTasks(List<LoadChunk> chunks, Set<String> oneConnection, LoadProgress counter,
      AtomicBoolean stopping) {
    Map<String, List<LoadChunk>> grouped = new LinkedHashMap<>();
    List<Task> tasks = new ArrayList<>();
    for (LoadChunk chunk : chunks) {
      if (oneConnection.contains(chunk.qualifiedTable())) {
        grouped.computeIfAbsent(chunk.qualifiedTable(), table -> new ArrayList<>()).add(chunk);
      } else {
        tasks.add(connection -> load(connection, chunk, counter));
      }
    }
    List<Task> groups = new ArrayList<>();
    for (List<LoadChunk> group : grouped.values()) {
      groups.add(connection -> {
        long rows = 0;
        for (LoadChunk chunk : group) {
          if (stopping.get()) {
            break;
          }
          rows += load(connection, chunk, counter);
          connection.commit();
        }
        return rows;
      });
    }
    groups.addAll(tasks);
    return groups;
  }

  private long load(Connection connection, LoadChunk chunk, LoadProgress counter) throws SQLException {
    RowSource rows = counter.counting(chunk.source().get());
    // Ends the chunk at a stop: a loader of client-side batches then sends no further batch.
    RowSource stoppable = row -> !stopRequested.getAsBoolean() && rows.next(row);
    return loader.load(connection, chunk.qualifiedTable(), chunk.columns(), stoppable);
  }

  /** What the load line adds when tables were loaded on one connection each. */
  private static String oneConnectionNote(Map<String, String> oneConnection) {
    if (oneConnection.isEmpty()) {
      return "";
    }
    return "; one connection per table: " + String.join("; ", new LinkedHashSet<>(oneConnection.values()));
  }

  /** One piece of work on a loader's connection; committed when it returns. */
  @FunctionalInterface
  private interface Task {
    long run(Connection connection) throws SQLException;
  }

  private void runAll(Queue<Task> tasks, int connections, AtomicBoolean stopping)
      throws SQLException, InterruptedException {
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Thread> workers = new ArrayList<>();
    for (int i = 0; i < connections; i++) {
      Thread worker = new Thread(() -> work(tasks, failures, stopping), "commitbench-loader-" + (i + 1));
      workers.add(worker);
      worker.start();
    }
    try {
      for (Thread worker : workers) {
        while (worker.isAlive()) {
          worker.join(STOP_POLL_MILLIS);
          if (stopRequested.getAsBoolean() && stopping.compareAndSet(false, true)) {
            tasks.clear();
            abortOpenConnections();
          }
        }
      }
    } catch (InterruptedException e) {
      stopping.set(true);
      tasks.clear(); // the workers finish the chunk in hand and stop
      workers.forEach(Thread::interrupt);
      throw e;
    }
    if (!failures.isEmpty() && !stopRequested.getAsBoolean()) {
      Throwable first = failures.get(0);
      SQLException thrown = first instanceof SQLException sql ? sql : new SQLException("load failed: " + first, first);
      failures.subList(1, failures.size()).forEach(thrown::addSuppressed);
      throw thrown;
    }
  }

  /** Cuts off the statements in flight (a COPY or LOAD DATA of a chunk, a CREATE INDEX): their work rolls back. */
  private void abortOpenConnections() {
    List<Connection> inFlight;
    synchronized (open) {
      inFlight = List.copyOf(open);
    }
    for (Connection connection : inFlight) {
      try {
        connection.abort(Runnable::run);
      } catch (SQLException | RuntimeException e) {
        // Already closed or broken: nothing is in flight on it.
      }
    }
  }

  private void work(Queue<Task> tasks, List<Throwable> failures, AtomicBoolean stopping) {
    try (Connection connection = opener.open()) {
      open.add(connection);
      try {
        if (stopping.get()) {
          return;
        }
        connection.setAutoCommit(false);
        Task task;
        while ((task = tasks.poll()) != null && !stopping.get()) {
          task.run(connection);
          connection.commit();
        }
      } finally {
        open.remove(connection);
      }
    } catch (SQLException | RuntimeException e) {
      stopping.set(true);
      failures.add(e);
      tasks.clear();
    }
  }
}
