package io.commitbench.core.workload.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.TextValues;
import io.commitbench.core.workload.TransactionContext;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The insert mode's keys on a real (H2) table when a commit's outcome is unknown: the server
 * committed, the reply was lost with the connection, as behind a stalled route (StalledServerIT).
 * An actor that wrote the same key again after reconnecting would fail with a duplicate key every
 * time, and the run would stop on its error budget.
 */
class CommitActorWorkTest {

  private static final String TABLE = "cbt_commit";

  @Test
  void aCommitWhoseReplyWasLostDoesNotMakeTheNextConnectionRepeatItsKeys(@TempDir Path tmp) throws Exception {
    try (Connection connection = DriverManager.getConnection("jdbc:h2:" + tmp.resolve("db"), "sa", "")) {
      connection.setAutoCommit(false);
      try (Statement ddl = connection.createStatement()) {
        ddl.execute("CREATE TABLE " + TABLE + " (id BIGINT PRIMARY KEY, payload VARCHAR(100))");
        connection.commit();
      }
      CommitActorWork work = new CommitActorWork(3, CommitMode.INSERT, 2, 0,
          "INSERT INTO " + TABLE + " (id, payload) VALUES (?, ?)", TextValues.forActor(3, 20));
      work.prepare(connection::prepareStatement);

      work.execute(0, new Transaction(connection, false));
      assertThatThrownBy(() -> work.execute(0, new Transaction(connection, true)))
          .hasMessageContaining("reply lost");
      work.prepare(connection::prepareStatement); // the reconnect
      work.execute(0, new Transaction(connection, false));

      try (Statement query = connection.createStatement();
          ResultSet rows = query.executeQuery("SELECT COUNT(*), COUNT(DISTINCT id) FROM " + TABLE)) {
        rows.next();
        assertThat(rows.getLong(1)).as("rows: two per transaction, the lost reply's included").isEqualTo(6);
        assertThat(rows.getLong(2)).as("distinct keys").isEqualTo(6);
      }
    }
  }

  @Test
  void aRetryOnTheSameConnectionWritesTheSameKeysAgain(@TempDir Path tmp) throws Exception {
    try (Connection connection = DriverManager.getConnection("jdbc:h2:" + tmp.resolve("db"), "sa", "")) {
      connection.setAutoCommit(false);
      try (Statement ddl = connection.createStatement()) {
        ddl.execute("CREATE TABLE " + TABLE + " (id BIGINT PRIMARY KEY, payload VARCHAR(100))");
        connection.commit();
      }
      CommitActorWork work = new CommitActorWork(0, CommitMode.INSERT, 1, 0,
          "INSERT INTO " + TABLE + " (id, payload) VALUES (?, ?)", TextValues.forActor(0, 20));
      work.prepare(connection::prepareStatement);

      assertThatThrownBy(() -> work.execute(0, new Transaction(connection, false) {
        @Override
        public void commit() throws SQLException {
          connection.rollback();
          throw new SQLException("deadlock (scripted)", "40P01");
        }
      })).hasMessageContaining("deadlock");
      work.execute(0, new Transaction(connection, false));

      try (Statement query = connection.createStatement(); ResultSet rows = query.executeQuery("SELECT id FROM " + TABLE)) {
        rows.next();
        assertThat(rows.getLong(1)).as("the retried key").isEqualTo(CommitActorWork.keyOf(0, 0));
        assertThat(rows.next()).isFalse();
      }
    }
  }

  /** The engine's side reduced to what the workload calls; a lost reply commits and then fails. */
  private static class Transaction implements TransactionContext {
    private final Connection connection;
    private final boolean replyLost;

    Transaction(Connection connection, boolean replyLost) {
      this.connection = connection;
      this.replyLost = replyLost;
    }

    @Override
    public int update(OperationKind kind, PreparedStatement statement) throws SQLException {
      return statement.executeUpdate();
    }

    @Override
    public int query(OperationKind kind, PreparedStatement statement) throws SQLException {
      throw new AssertionError("the commit workload only writes");
    }

    @Override
    public int query(OperationKind kind, PreparedStatement statement, RowReader reader) throws SQLException {
      throw new AssertionError("the commit workload only writes");
    }

    @Override
    public void commit() throws SQLException {
      connection.commit();
      if (replyLost) {
        throw new SQLException("reply lost with the connection (scripted)", "08006");
      }
    }

    @Override
    public long lastNanos() {
      return 0;
    }

    @Override
    public Connection connection() {
      return connection;
    }

    @Override
    public void continueAfter(SQLException failure) throws Exception {
      throw failure;
    }
  }
}
