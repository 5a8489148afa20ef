package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import io.commitbench.core.dialect.StandardErrors;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reconnecting: a stop of the run must end it at once, not after reconnect.timeout (the server may
 * be gone), and a login the server refuses is not retried and shows the server's message.
 */
class ActorSessionTest {

  private HikariDataSource pool;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void close() {
    timer.shutdownNow();
    if (pool != null) {
      pool.close();
    }
  }

  @Test
  void aStopEndsReconnectingWithinASecond(@TempDir Path tmp) {
    StopSignal stop = new StopSignal();
    // 60 s to reconnect, 10 s per connect attempt: without the stop this takes a minute.
    ActorSession session = new ActorSession("sa", goneServer(tmp, 10_000), null, 10, 60, List.of(), stop, e -> false, new CallWatch("actor 1"));
    timer.schedule(() -> stop.request("test stop"), 300, TimeUnit.MILLISECONDS);

    long began = System.nanoTime();
    assertThatThrownBy(() -> session.reconnect(new SQLException("connection reset")))
        .isInstanceOf(StoppedWhileConnectingException.class).hasMessageContaining("test stop");
    assertThat((System.nanoTime() - began) / 1_000_000).as("ms until the actor gave up").isLessThan(2_000);
    assertThat(Thread.currentThread().isInterrupted()).as("interrupt left behind").isFalse();
  }

  @Test
  void withoutAStopTheReconnectTimeoutEndsIt(@TempDir Path tmp) {
    ActorSession session =
        new ActorSession("sa", goneServer(tmp, 250), null, 10, 1, List.of(), new StopSignal(), e -> false, new CallWatch("actor 1"));
    assertThatThrownBy(() -> session.reconnect(new SQLException("connection reset")))
        .isInstanceOf(ReconnectFailedException.class).hasMessageContaining("reconnect.timeout");
  }

  @Test
  void aRefusedLoginIsNotRetriedAndShowsTheServersMessage(@TempDir Path tmp) throws SQLException {
    String url = "jdbc:h2:" + tmp.resolve("db");
    DriverManager.getConnection(url, "sa", "right").close();
    JdbcDataSource database = new JdbcDataSource();
    database.setURL(url);
    database.setUser("sa");
    database.setPassword("wrong");
    ActorSession session = new ActorSession("sa", pool(database, 1_000), null, 10, 60, List.of(), new StopSignal(),
        StandardErrors::loginRefused, new CallWatch("actor 1"));

    long began = System.nanoTime();
    // HikariCP's own message would be "Connection is not available, request timed out after 1000ms".
    assertThatThrownBy(() -> session.reconnect(new SQLException("connection reset")))
        .isInstanceOf(ReconnectFailedException.class).hasMessageContaining("refused the login")
        .hasMessageContaining("Wrong user name or password");
    assertThat((System.nanoTime() - began) / 1_000_000).as("ms until the actor gave up").isLessThan(10_000);
  }

  /**
   * A server without connections left, while the actors connect: the run cannot have the actors
   * it was asked for, so the first connect fails at once with the server's answer, however far
   * reconnect.timeout is (here the gone database stands for such a server).
   */
  @Test
  void noConnectionLeftEndsTheFirstConnectAtOnceWithTheServersMessage(@TempDir Path tmp) {
    ActorSession session = new ActorSession("sa", goneServer(tmp, 250), null, 10, 60, List.of(), new StopSignal(),
        e -> false, e -> true, new CallWatch("actor 1"));

    long began = System.nanoTime();
    assertThatThrownBy(session::open).isInstanceOf(ConnectionsExhaustedException.class)
        .hasMessageStartingWith("cannot connect as sa to").hasMessageContaining("not found");
    assertThat((System.nanoTime() - began) / 1_000_000).as("ms until the actor gave up").isLessThan(5_000);
  }

  /** Once the actor had a connection, the same answer is retried like any other, until reconnect.timeout. */
  @Test
  void noConnectionLeftIsRetriedWhenReconnecting(@TempDir Path tmp) {
    ActorSession session = new ActorSession("sa", goneServer(tmp, 250), null, 10, 1, List.of(), new StopSignal(),
        e -> false, e -> true, new CallWatch("actor 1"));
    assertThatThrownBy(() -> session.reconnect(new SQLException("connection reset")))
        .isInstanceOf(ReconnectFailedException.class).hasMessageContaining("reconnect.timeout");
  }

  /** A pool whose every connect fails: an H2 file database that does not exist, IFEXISTS. */
  private HikariDataSource goneServer(Path tmp, long connectTimeoutMillis) {
    JdbcDataSource database = new JdbcDataSource();
    database.setURL("jdbc:h2:" + tmp.resolve("absent") + ";IFEXISTS=TRUE");
    return pool(database, connectTimeoutMillis);
  }

  private HikariDataSource pool(DataSource database, long connectTimeoutMillis) {
    HikariConfig config = new HikariConfig();
    config.setDataSource(database);
    config.setMaximumPoolSize(1);
    config.setConnectionTimeout(connectTimeoutMillis);
    config.setInitializationFailTimeout(-1);
    pool = new HikariDataSource(config);
    return pool;
  }
}
