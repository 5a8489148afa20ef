package io.commitbench.storage.undo;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.JournaledRelocation;
import java.sql.Connection;
import java.time.Clock;
import java.util.Optional;

/**
 * How the journals of one operation are reversed, found through {@link java.util.ServiceLoader}
 * (register the class in {@code META-INF/services/io.commitbench.storage.undo.JournalReversal}) by
 * the operation the journal's {@code begin} line records. The managed instances' {@code
 * relocate-log} is the agent's own; a kind moved online brings its own (Oracle's {@code
 * relocate-log-oracle}). Implementations have a public no-argument constructor and are stateless.
 */
public interface JournalReversal {

  /** The operation whose journals it reverses: {@code relocate-log}. */
  String operation();

  /**
   * Whether the reversal works over a connection to the database server (the journal names no way
   * to reach it). The default: no, the journal is enough (a managed instance is reached through its
   * programs).
   */
  default boolean overConnection() {
    return false;
  }

  /**
   * The paragraph the help of {@code storage undo} gives this reversal: the operation's name, what
   * the undo does, what it needs and what it refuses; empty for the agent's own, which the
   * command describes itself.
   */
  default Optional<String> help() {
    return Optional.empty();
  }

  /**
   * The relocation that moves the log back.
   *
   * @param server a connection to the server when {@link #overConnection()}, kept open by the caller
   * @throws RefusedException when the journal shows nothing to reverse, or the server it names is not as it left it
   */
  JournaledRelocation reverse(JournalReader.Contents journal, Optional<Connection> server, CommandRunner runner,
      Clock clock) throws RefusedException;
}
