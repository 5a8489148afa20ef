package io.commitbench.storage.format;

/**
 * One arm of the pre-formatting experiment: what is done to a server's transaction log files
 * once they become reusable, while a benchmark runs beside it. Each kind of server has its arms
 * (Oracle {@code clear}/{@code recreate}, PostgreSQL {@code wal_recycle}/{@code wal_init_zero},
 * MariaDB redo re-creation); {@code baseline} does nothing, so every arm is compared with it.
 *
 * <p>Lifecycle: {@link #prepare()} once before the measured run, {@link #poll()} repeatedly from
 * one thread while it runs, {@link #finish()} once after; {@link #tally()} may be read at any time.
 */
public interface LogFormatter {

  /** The arm's name as given in the parameter file, e.g. {@code clear}. */
  String arm();

  /** Sets the server up for the arm before the measured run (knobs, an fstrim of the log filesystem). */
  void prepare() throws Exception;

  /** Looks for logs that have become reusable and applies the arm to each; returns quickly. */
  void poll() throws Exception;

  /** Ends the arm after the run (restores what {@link #prepare()} changed where it should). */
  void finish() throws Exception;

  /** The actions taken so far and how long they took. */
  FormatterTally tally();
}
