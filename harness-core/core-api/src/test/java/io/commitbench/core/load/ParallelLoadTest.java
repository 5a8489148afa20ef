package io.commitbench.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The parallel loader on an embedded H2 database: chunks of an ordinary table are loaded on
 * several connections at once, the chunks of a table its loader names as one-connection-only never
 * overlap (and come first), every row arrives, the load line says why a table had one
 * connection, and a failure on another connection stops such a table after the chunk in hand.
 * The loader here is H2's plain batch insert with a record of which chunks were in flight
 * together; a short pause in each chunk gives overlapping connections the chance to show.
 */
class ParallelLoadTest {

  private static final List<String> COLUMNS = List.of("id", "v");
  private static final String QUEUED = "loads of t_serial queue behind each other";

  private String url;
  private Connection keepAlive;

  @BeforeEach
  void createTables() throws SQLException {
    url = "jdbc:h2:mem:parallel_load_" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
    keepAlive = DriverManager.getConnection(url);
    try (Statement statement = keepAlive.createStatement()) {
      statement.execute("CREATE TABLE t_serial (id INTEGER PRIMARY KEY, v INTEGER)");
      statement.execute("CREATE TABLE t_parallel (id INTEGER PRIMARY KEY, v INTEGER)");
    }
  }

  @AfterEach
  void dropDatabase() throws SQLException {
    try (Statement statement = keepAlive.createStatement()) {
      statement.execute("SHUTDOWN");
    }
    keepAlive.close();
  }

  @Test
  void aOneConnectionTableIsNeverLoadedOnTwoConnectionsAtOnce() throws Exception {
    RecordingLoader loader = new RecordingLoader("t_serial");
    List<String> lines = Collections.synchronizedList(new ArrayList<>());
    List<LoadChunk> chunks = new ArrayList<>(chunks("t_parallel", 800, 4));
    chunks.addAll(chunks("t_serial", 800, 4));

    LoadFigures figures = new ParallelLoad(loader, () -> DriverManager.getConnection(url), 4, lines::add, 60)
        .load(chunks, List.of());

    assertThat(figures.rows()).isEqualTo(1600);
    assertThat(count("t_serial")).isEqualTo(800);
    assertThat(count("t_parallel")).isEqualTo(800);
    assertThat(loader.mostAtOnce("t_serial")).isEqualTo(1);
    assertThat(loader.mostAtOnce("t_parallel")).isGreaterThan(1);
    assertThat(loader.startOrder().indexOf("t_serial")).as("among the 4 connections' first chunks").isLessThan(4);
    assertThat(lines).anySatisfy(line -> assertThat(line)
        .contains("4 connections; one connection per table: " + QUEUED));
  }

  @Test
  void aLoaderWithoutReasonsLoadsEveryTableInParallel() throws Exception {
    RecordingLoader loader = new RecordingLoader("no such table");
    List<String> lines = Collections.synchronizedList(new ArrayList<>());

    new ParallelLoad(loader, () -> DriverManager.getConnection(url), 4, lines::add, 60)
        .load(chunks("t_serial", 800, 4), List.of());

    assertThat(count("t_serial")).isEqualTo(800);
    assertThat(loader.mostAtOnce("t_serial")).isGreaterThan(1);
    assertThat(lines).anySatisfy(line -> assertThat(line).contains("4 connections)"));
  }

  @Test
  void aOneConnectionTableAloneUsesOneConnection() throws Exception {
    RecordingLoader loader = new RecordingLoader("t_serial");
    List<String> lines = Collections.synchronizedList(new ArrayList<>());

    LoadFigures figures = new ParallelLoad(loader, () -> DriverManager.getConnection(url), 4, lines::add, 60)
        .load(chunks("t_serial", 800, 4), List.of());

    assertThat(count("t_serial")).isEqualTo(800);
    assertThat(figures.connections()).isEqualTo(1);
    assertThat(lines).anySatisfy(line -> assertThat(line).contains("1 connection; one connection per table: " + QUEUED));
  }

  @Test
  void aFailureElsewhereStopsAOneConnectionTableAfterTheChunkInHand() {
    RecordingLoader loader = new RecordingLoader("t_serial").failingOn("t_parallel");
    List<LoadChunk> chunks = new ArrayList<>(chunks("t_serial", 800, 4));
    chunks.addAll(chunks("t_parallel", 800, 4));

    assertThatThrownBy(() -> new ParallelLoad(loader, () -> DriverManager.getConnection(url), 2, line -> { }, 60)
        .load(chunks, List.of()))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("t_parallel refused");

    assertThat(loader.startOrder().stream().filter("t_serial"::equals).count())
        .as("t_serial's chunks begun of 4").isLessThan(4);
  }

  /**
   * A stop asked for while every connection is inside a chunk that would take far longer: the
   * chunks in flight are cut off (their connections aborted), and the load says what it left.
   */
  @Test
  void aStopCutsOffTheChunksInFlightAndSaysWhatWasLoaded() throws Exception {
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    List<String> lines = Collections.synchronizedList(new ArrayList<>());
    List<LoadChunk> endless = List.of(endlessChunk("t_parallel"), endlessChunk("t_serial"));
    Thread stopper = new Thread(() -> {
      try {
        Thread.sleep(300);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      stop.set(true);
    });
    stopper.start();
    long start = System.nanoTime();

    assertThatThrownBy(() -> new ParallelLoad(new BatchInsertLoader(), () -> DriverManager.getConnection(url), 2,
        lines::add, 60, stop::get).load(endless, List.of(List.of("CREATE INDEX t_parallel_v ON t_parallel (v)"))))
        .isInstanceOf(LoadStoppedException.class)
        .hasMessageContaining("load stopped: ").hasMessageContaining("the tables are half-loaded");

    assertThat((System.nanoTime() - start) / 1_000_000).as("milliseconds to the stopped load's end").isLessThan(10_000);
    assertThat(lines).anySatisfy(line -> assertThat(line).startsWith("load stopped: "));
    stopper.join();
  }

  /** A chunk of more rows than any test waits for. */
  private static LoadChunk endlessChunk(String table) {
    return new LoadChunk(table, COLUMNS, Integer.MAX_VALUE, () -> {
      int[] next = {1};
      return row -> {
        row[0] = next[0];
        row[1] = next[0]++ * 7;
        return true;
      };
    });
  }

  private static List<LoadChunk> chunks(String table, long rows, int threads) {
    return IdChunks.of(table, COLUMNS, rows, threads, (from, to) -> {
      long[] next = {from};
      return row -> {
        if (next[0] > to) {
          return false;
        }
        row[0] = (int) next[0];
        row[1] = (int) next[0]++ * 7;
        return true;
      };
    });
  }

  private long count(String table) throws SQLException {
    try (Statement statement = keepAlive.createStatement();
        ResultSet result = statement.executeQuery("SELECT COUNT(*), SUM(v) - 7 * SUM(id) FROM " + table)) {
      result.next();
      assertThat(result.getLong(2)).as("every v is 7 times its id").isZero();
      return result.getLong(1);
    }
  }

  /** H2's batch insert, recording how many chunks of each table were in flight at once. */
  private static final class RecordingLoader implements BulkLoader {

    private final String oneConnectionTable;
    private String failingTable = "";
    private final BatchInsertLoader inserts = new BatchInsertLoader();
    private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final Map<String, Integer> most = new ConcurrentHashMap<>();
    private final List<String> started = Collections.synchronizedList(new ArrayList<>());

    RecordingLoader(String oneConnectionTable) {
      this.oneConnectionTable = oneConnectionTable;
    }

    RecordingLoader failingOn(String table) {
      failingTable = table;
      return this;
    }

    @Override
    public String method() {
      return "recorded batch INSERT";
    }

    @Override
    public String oneConnectionReason(Connection connection, String qualifiedTable) {
      return qualifiedTable.equals(oneConnectionTable) ? QUEUED : null;
    }

    @Override
    public long load(Connection connection, String qualifiedTable, List<String> columns, RowSource rows)
        throws SQLException {
      started.add(qualifiedTable);
      if (qualifiedTable.equals(failingTable)) {
        throw new SQLException(qualifiedTable + " refused");
      }
      int now = inFlight.computeIfAbsent(qualifiedTable, t -> new AtomicInteger()).incrementAndGet();
      most.merge(qualifiedTable, now, Math::max);
      try {
        Thread.sleep(50); // long enough for other connections to start a chunk meanwhile
        return inserts.load(connection, qualifiedTable, columns, rows);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException("interrupted", e);
      } finally {
        inFlight.get(qualifiedTable).decrementAndGet();
      }
    }

    int mostAtOnce(String table) {
      return most.getOrDefault(table, 0);
    }

    List<String> startOrder() {
      return List.copyOf(started);
    }
  }
}
