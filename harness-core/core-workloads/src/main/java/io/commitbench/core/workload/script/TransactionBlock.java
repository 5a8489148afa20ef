package io.commitbench.core.workload.script;

import io.commitbench.core.workload.TransactionContext;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A script's {@code BEGIN} ... {@code COMMIT} block on the actor's connection. pgbench sends the
 * statements as they are, so outside a block each commits by itself; here the driver's mode does
 * that. On a connection in autocommit mode (some script has statements outside blocks) {@code
 * BEGIN} leaves it for the block and the block's end returns to it; on one without (every
 * statement of every script is inside a block) the block is the connection's transaction and
 * nothing is toggled, so no round trip is spent on it. Confined to the actor's thread.
 */
final class TransactionBlock {

  private final boolean autocommitConnection;
  private boolean open;
  /** Whether this block took the connection out of autocommit mode, to be put back at its end. */
  private boolean toggled;
  private SourcePosition begunAt;

  /** @param autocommitConnection whether the actor's connection commits each statement by itself */
  TransactionBlock(boolean autocommitConnection) {
    this.autocommitConnection = autocommitConnection;
  }

  boolean open() {
    return open;
  }

  /** Where the open block began; null when none is open. */
  SourcePosition begunAt() {
    return open ? begunAt : null;
  }

  /** A new connection (after a reconnect) has no block open. */
  void reset() {
    open = false;
    toggled = false;
    begunAt = null;
  }

  void begin(Connection connection, SourcePosition at) throws SQLException, ScriptRunException {
    if (open) {
      throw new ScriptRunException(at, "BEGIN inside the transaction block begun at " + begunAt
          + "; allowed: one block at a time, ended by COMMIT, END or ROLLBACK");
    }
    if (autocommitConnection) {
      connection.setAutoCommit(false);
      toggled = true;
    }
    open = true;
    begunAt = at;
  }

  /**
   * {@code COMMIT} or {@code END}, timed by the engine. Outside a block on an autocommit
   * connection there is nothing to commit (PostgreSQL answers such a COMMIT with a warning only).
   */
  void commit(TransactionContext tx) throws SQLException {
    if (!open && autocommitConnection) {
      return;
    }
    tx.commit();
    close(tx.connection());
  }

  /** {@code ROLLBACK}: the block's changes are undone. */
  void rollback(Connection connection) throws SQLException {
    if (!open && autocommitConnection) {
      return;
    }
    connection.rollback();
    close(connection);
  }

  /**
   * The attempt failed inside the block: rolls it back and returns the connection to autocommit
   * mode, where the engine, which rolls back only connections it runs without autocommit, would
   * leave it open. A failure here changes nothing: the transaction is gone either way, and a lost
   * connection is replaced by the engine.
   */
  void abandon(Connection connection) {
    if (!open) {
      return;
    }
    try {
      if (toggled) {
        connection.rollback();
      }
    } catch (SQLException ignored) {
      // See above: nothing is left to undo.
    }
    try {
      close(connection);
    } catch (SQLException ignored) {
      // The connection is broken; the engine reconnects and prepare() resets the block.
      reset();
    }
  }

  private void close(Connection connection) throws SQLException {
    open = false;
    begunAt = null;
    if (toggled) {
      toggled = false;
      connection.setAutoCommit(true);
    }
  }
}
