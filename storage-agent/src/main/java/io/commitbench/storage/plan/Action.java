package io.commitbench.storage.plan;

import io.commitbench.storage.exec.Command;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * One thing a step does: an external command, or work done in-process (a file written, a tree
 * removed, statements sent to a server) shown as its shell or SQL equivalent; or a command left to
 * the operator ({@link #forOperator}), which the agent shows and does not run. A plan shows an
 * action with {@link #shown()} and the {@link Applier} runs the same object, so what is shown is
 * what runs.
 */
public sealed interface Action permits Action.Run, Action.Local, Action.Recorded, Action.InProcess,
    Action.Journaling, Action.ForOperator {

  /** The action as an operator would type it. */
  String display();

  /**
   * The action as a plan shows it, a line each: its display, or the commands that one piece of
   * in-process work stands for (a copy shown as {@code cp} and {@code sync}); none for in-process
   * work that has no shell equivalent, which its step's description names.
   */
  default List<String> shown() {
    return List.of(display());
  }

  /** An external command, run through the applier's {@link io.commitbench.storage.exec.CommandRunner}. */
  static Action run(Command command) {
    return new Run(command);
  }

  /** Work done in-process, shown as {@code display}. */
  static Action local(String display, Work work) {
    return new Local(display, work);
  }

  /**
   * Work done in-process that says, once it ran, what the journal records of it ({@link Outcome}):
   * a step line with what it found (bytes copied, the link it replaced), a note, or nothing when it
   * found nothing to do. Shown as the commands in {@code shown}, in order.
   */
  static Action recorded(List<String> shown, RecordedWork work) {
    return new Recorded(shown, work);
  }

  /**
   * In-process work with no shell equivalent (a lock taken over, a journal ended): its step's
   * description names it, and the plan shows no command for it. It is timed and listed as ran in
   * the journal as {@code in-process: WHAT}, with its exit code as every action has one.
   *
   * @param what what the work does, e.g. {@code take over the lock /i/relocate-log.lock}
   */
  static Action inProcess(String what, Work work) {
    return new InProcess(what, work);
  }

  /** {@link #recorded(List, RecordedWork)} shown as one command. */
  static Action recorded(String display, RecordedWork work) {
    return new Recorded(List.of(display), work);
  }

  /**
   * Work that journals its own lines as it goes, as many as it takes: a statement repeated until
   * the server shows a state, each one journaled; a remedy for each error met. It runs each of its
   * statements through {@link Lines#run} (shown, timed, put into the next line's {@code ran}), and
   * may fail with any exception, which {@link Applier#applyFrom} throws on as it is: a roll back
   * tells an SQL error from a wait that timed out or an interrupt. Shown in the plan as the
   * statements in {@code shown}, each once.
   */
  static Action journaling(List<String> shown, JournalingWork work) {
    return new Journaling(shown, work);
  }

  /**
   * A command the agent does not run but leaves to the operator (a file on a host it cannot
   * reach): the plan shows it (its step says whose it is), and when its turn comes the applier
   * shows it as left for the operator and journals what {@code bookkeeping} says (the note that it
   * was left); it is not listed as ran.
   */
  static Action forOperator(String display, RecordedWork bookkeeping) {
    return new ForOperator(display, bookkeeping);
  }

  /** @param command the command, exactly as it runs */
  record Run(Command command) implements Action {
    @Override
    public String display() {
      return command.display();
    }
  }

  /**
   * @param display its shell equivalent, for the plan and the journal
   * @param work what is done
   */
  record Local(String display, Work work) implements Action {}

  /**
   * @param shown its shell equivalents, for the plan; joined with {@code &&} for the progress and the journal
   * @param work what is done, saying what the journal records of it
   */
  record Recorded(List<String> shown, RecordedWork work) implements Action {
    public Recorded {
      shown = List.copyOf(shown);
    }

    @Override
    public String display() {
      return String.join(" && ", shown);
    }
  }

  /**
   * @param what what the work does, for the journal's {@code ran}
   * @param work what is done
   */
  record InProcess(String what, Work work) implements Action {

    /** How the journal lists in-process work that has no shell equivalent. */
    public static final String PREFIX = "in-process: ";

    @Override
    public String display() {
      return PREFIX + what;
    }

    /** None: its step's description names it. */
    @Override
    public List<String> shown() {
      return List.of();
    }
  }

  /**
   * @param shown the statements the work runs, for the plan, each once however often it runs
   * @param work what is done, journaling each thing it did
   */
  record Journaling(List<String> shown, JournalingWork work) implements Action {
    public Journaling {
      shown = List.copyOf(shown);
    }

    @Override
    public String display() {
      return String.join(" && ", shown);
    }
  }

  /**
   * @param display the command, as the operator types it
   * @param bookkeeping what the agent does instead of running it (keeps it for the operator), saying
   *     what the journal records of that
   */
  record ForOperator(String display, RecordedWork bookkeeping) implements Action {}

  /** In-process work that may fail with an I/O error. */
  @FunctionalInterface
  interface Work {
    void run() throws IOException;
  }

  /** In-process work that says what the journal records of it. */
  @FunctionalInterface
  interface RecordedWork {
    Outcome run() throws IOException;
  }

  /** {@link Journaling} work: runs its statements through {@code lines} and journals what it did there. */
  @FunctionalInterface
  interface JournalingWork {
    void run(Lines lines) throws Exception;
  }

  /**
   * What {@link Journaling} work runs its statements through and journals with: the applier's, so
   * each statement is shown ({@code $ …}) before it runs and timed, and each step line carries
   * what ran since the last one ({@code ran}, {@code exit}, {@code seconds}). Not thread-safe.
   */
  interface Lines {

    /**
     * Runs one statement or command of the work, shown first and timed; a failure is journaled
     * ({@code action failed after …}) and thrown on as it is.
     *
     * @param display the statement as it is sent, e.g. {@code ALTER SYSTEM SWITCH LOGFILE}
     */
    <T, E extends Exception> T run(String display, Call<T, E> call) throws IOException, E;

    /** Journals a thing done, with what ran since the last line. */
    void step(String text, Map<String, String> detail) throws IOException;

    /** Journals something observed that is not an action; what ran before it stays for the next line. */
    void note(String text) throws IOException;
  }

  /** One statement or command that {@link Lines#run} runs; fails with {@code E}. */
  @FunctionalInterface
  interface Call<T, E extends Exception> {
    T call() throws E;
  }

  /**
   * What a {@link Recorded} action's work journals once it ran: a step line (with what ran since
   * the last line, as {@link Applier#record} writes it), a note, or nothing; nothing, and a note
   * of a thing left as it was ({@link #declined}), also mean nothing was done, so the action is
   * not listed as ran.
   *
   * @param event a step line, a note, a note of nothing done, or nothing
   * @param text the step's or the note's text
   * @param detail facts for the line
   */
  record Outcome(Event event, String text, Map<String, String> detail) {

    /** What the journal gets. */
    public enum Event { STEP, NOTE, DECLINED, NONE }

    public Outcome {
      detail = Map.copyOf(detail);
    }

    /** A step line: something was done. */
    public static Outcome step(String text, Map<String, String> detail) {
      return new Outcome(Event.STEP, text, detail);
    }

    /** A note: something observed (a check passed); what ran for it stays for the next step line. */
    public static Outcome note(String text, Map<String, String> detail) {
      return new Outcome(Event.NOTE, text, detail);
    }

    /**
     * A note of a thing the work found and left as it was (a directory not empty, so not
     * removed): journaled as a note, and the action is not listed as ran, since it did nothing.
     */
    public static Outcome declined(String text, Map<String, String> detail) {
      return new Outcome(Event.DECLINED, text, detail);
    }

    /** Nothing was done (it was done already, or there was nothing to do): nothing is journaled. */
    public static Outcome none() {
      return new Outcome(Event.NONE, "", Map.of());
    }
  }
}
