package io.commitbench.storage.relocate;

import java.nio.file.Path;
import java.sql.Connection;

/**
 * Moving a server's log online, over SQL on a connection the caller opens (Oracle's online redo
 * groups). The caller checks the request before it connects ({@link #check}), so bad input never
 * costs a login. The kind registers a {@link io.commitbench.storage.undo.JournalReversal} for the
 * operation its relocations journal, so {@code storage undo} reverses them. Implementations are
 * stateless and thread-safe.
 *
 * <pre>
 * OnlineRelocation online = LogRelocations.load().online(url).orElseThrow();
 * OnlineRelocation.Checked checked = online.check(to, shape);   // before connecting
 * try (Connection c = connect(url)) { run(checked.over(c)); }
 * </pre>
 */
public interface OnlineRelocation {

  /** The server, for messages: {@code an Oracle server}. */
  String server();

  /** The JDBC URL prefix of such a server: {@code jdbc:oracle:}. */
  String urlPrefix();

  /** Whom to connect as, for the message when no user is given. */
  String connectAs();

  /**
   * The paragraph the help of {@code storage relocate-log} gives this way of moving: which URL,
   * what happens to the server and its old log, whom to connect as, and what is refused.
   */
  default String help() {
    return server() + " (--url " + urlPrefix() + "...): moved online over SQL.";
  }

  /**
   * The move to {@code to} (a directory on the database host) with the new log's shape, checked
   * without a connection.
   *
   * @throws LogShapeException naming what is wrong with which part of the request
   */
  Checked check(Path to, LogShape shape) throws LogShapeException;

  /** A checked request, waiting for the connection. */
  @FunctionalInterface
  interface Checked {
    /** The relocation over {@code server}, kept open by the caller until it is done. */
    JournaledRelocation over(Connection server);
  }
}
