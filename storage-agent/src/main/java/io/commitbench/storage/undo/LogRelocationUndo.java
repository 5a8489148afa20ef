package io.commitbench.storage.undo;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.JournaledRelocation;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The relocation that reverses a journaled one, chosen by the operation its {@code begin} line
 * records among the {@link JournalReversal}s on the class path: a managed instance's {@code
 * relocate-log} is reversed on the instance through its own programs, or recovered when its
 * process died before the journal ended; a kind moved online (Oracle's {@code
 * relocate-log-oracle}) is reversed over SQL, on a connection the journal cannot hold. Callers
 * stay generic: they ask whether a connection is needed.
 *
 * <pre>
 * LogRelocationUndo undo = LogRelocationUndo.read(journal);
 * Optional&lt;Connection&gt; root = undo.needsConnection() ? Optional.of(connect()) : Optional.empty();
 * JournaledRelocation back = undo.reverse(root, runner, Clock.systemUTC());
 * </pre>
 */
public final class LogRelocationUndo {

  private static final Map<String, JournalReversal> BY_OPERATION = load();

  private final JournalReader.Contents journal;
  private final JournalReversal reversal;

  private LogRelocationUndo(JournalReader.Contents journal, JournalReversal reversal) {
    this.journal = journal;
    this.reversal = reversal;
  }

  /** What each reversal on the class path tells of itself, for the help ({@link JournalReversal#help}). */
  public static List<String> helps() {
    return BY_OPERATION.values().stream().flatMap(r -> r.help().stream()).toList();
  }

  private static Map<String, JournalReversal> load() {
    Map<String, JournalReversal> byOperation = new TreeMap<>();
    ServiceLoader.load(JournalReversal.class).forEach(r -> byOperation.put(r.operation(), r));
    return Map.copyOf(byOperation);
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
    JournalReversal reversal = BY_OPERATION.get(journal.operation());
    if (reversal == null) {
      throw new RefusedException("cannot undo " + file + ": it records '" + journal.operation() + "'; undo reverses "
          + String.join(" and ", new TreeMap<>(BY_OPERATION).keySet()) + " journals");
    }
    return new LogRelocationUndo(journal, reversal);
  }

  /** The operation the journal records. */
  public String operation() {
    return journal.operation();
  }

  /** The journal it reverses, as read. */
  public JournalReader.Contents journal() {
    return journal;
  }

  /** The reversal its operation found, for a caller (a test) that drives it over a model of the server. */
  public JournalReversal reversal() {
    return reversal;
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
    return reversal.reverse(journal, server, runner, clock);
  }
}
