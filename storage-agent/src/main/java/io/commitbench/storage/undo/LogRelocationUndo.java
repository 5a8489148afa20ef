package io.commitbench.storage.undo;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.oracle.JdbcOracleRedoCatalog;
import io.commitbench.storage.oracle.OracleRedoCatalog;
import io.commitbench.storage.oracle.OracleRedoRelocation;
import io.commitbench.storage.oracle.RedoPolling;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.JournaledRelocation;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import io.commitbench.storage.relocate.RelocationUndo;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The relocation that reverses a journaled one, chosen by the operation its {@code begin} line
 * records: a managed instance's {@code relocate-log} is reversed on the instance through its own
 * programs, or recovered when its process died before the journal ended ({@link RelocationUndo}); an Oracle {@code relocate-log-oracle} online, over SQL in the
 * server's root container ({@link OracleRedoRelocation#undo}), which takes a connection the
 * journal cannot hold. The one place that maps an operation to its kind, so callers stay generic.
 *
 * <pre>
 * LogRelocationUndo undo = LogRelocationUndo.read(journal);
 * Optional&lt;Connection&gt; root = undo.needsConnection() ? Optional.of(connect()) : Optional.empty();
 * JournaledRelocation back = undo.reverse(root, runner, Clock.systemUTC());
 * </pre>
 */
public final class LogRelocationUndo {

  /** How one operation's journal is reversed. */
  @FunctionalInterface
  private interface Reverser {
    JournaledRelocation reverse(JournalReader.Contents journal, Reach reach) throws RefusedException;
  }

  /**
   * What reaching the server takes: the local programs of a managed instance, the catalog of an
   * Oracle server (over the caller's connection), and how patiently to wait for that server.
   */
  private record Reach(CommandRunner runner, Clock clock, Optional<OracleRedoCatalog> oracle, RedoPolling polling) {}

  /** @param overConnection whether the reversal works over a connection to the database server */
  private record Reversal(boolean overConnection, Reverser reverser) {}

  private static final Map<String, Reversal> BY_OPERATION = Map.of(
      ManagedLogRelocation.OPERATION, new Reversal(false,
          (journal, reach) -> RelocationUndo.reverse(journal, reach.runner(), reach.clock())),
      OracleRedoRelocation.OPERATION, new Reversal(true,
          (journal, reach) -> OracleRedoRelocation.undo(journal, reach.oracle().orElseThrow(() -> new RefusedException(
              "cannot undo " + journal.file() + ": it records " + OracleRedoRelocation.OPERATION + ", which is reversed"
                  + " over SQL; give a connection to the server's root container (CDB$ROOT)")),
              reach.polling(), Optional.empty())));

  private final JournalReader.Contents journal;
  private final Reversal reversal;

  private LogRelocationUndo(JournalReader.Contents journal, Reversal reversal) {
    this.journal = journal;
    this.reversal = reversal;
  }

  /**
   * Reads the journal and finds how its operation is reversed.
   *
   * @throws RefusedException when the file is no journal, or records an operation undo does not reverse
   */
  public static LogRelocationUndo read(Path file) throws RefusedException {
    JournalReader.Contents journal;
    try {
      journal = JournalReader.read(file);
    } catch (IOException e) {
      throw new RefusedException("cannot undo " + file + ": " + e.getMessage());
    }
    Reversal reversal = BY_OPERATION.get(journal.operation());
    if (reversal == null) {
      throw new RefusedException("cannot undo " + file + ": it records '" + journal.operation() + "'; undo reverses "
          + String.join(" and ", new TreeSet<>(BY_OPERATION.keySet())) + " journals");
    }
    return new LogRelocationUndo(journal, reversal);
  }

  /** The operation the journal records. */
  public String operation() {
    return journal.operation();
  }

  /** Whether {@link #reverse} needs a connection to the database server (the journal names no way to reach it). */
  public boolean needsConnection() {
    return reversal.overConnection();
  }

  /**
   * The relocation that moves the log back; check it with {@code plan()}, run it with {@code apply}.
   *
   * @param server a connection to the server when {@link #needsConnection()}, kept open by the
   *     caller until the relocation is done; ignored otherwise
   * @throws RefusedException when the journal shows nothing to reverse, or the server it names is not as it left it
   */
  public JournaledRelocation reverse(Optional<Connection> server, CommandRunner runner, Clock clock)
      throws RefusedException {
    return reverseOver(server.map(JdbcOracleRedoCatalog::new), RedoPolling.standard(), runner, clock);
  }

  /**
   * {@link #reverse} over a given Oracle catalog and polling, such as a scripted model of the
   * server in a test.
   */
  public JournaledRelocation reverseOver(Optional<OracleRedoCatalog> oracle, RedoPolling polling, CommandRunner runner,
      Clock clock) throws RefusedException {
    return reversal.reverser().reverse(journal, new Reach(runner, clock, oracle, polling));
  }
}
