package io.commitbench.storage.plan;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandFailedException;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.Journal;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The applying half of plan → apply → journal, shared by every storage operation that changes
 * the host: it begins the operation's journal, runs the plan's actions in order, each shown first
 * ({@code $ …}) on the progress stream, and journals what ran with its exit code and time. What ran
 * since the last journal line goes into the detail of the next step line ({@code ran}, {@code
 * exit}, {@code seconds}, one value a line per action), so each line says what it took; what ran
 * after it is written at the step's end as a {@code ran} note. Every action has an exit code: a
 * command its process's; in-process work {@link #FINISHED} when it did all it says, and when it
 * failed the code {@link #exitOf} gives. An action that fails is journaled ({@code command failed
 * after …}, {@code action failed after …}, with what ran up to it and its exit code) before its
 * failure is thrown.
 *
 * <p>Work that issues a statement until the server shows a state, or remedies an error with
 * another, is an {@link Action#journaling} action: it runs each statement through the applier
 * (shown, timed) and journals a line for each, and its failures, of any type, are thrown on as
 * they are by {@link #applyFrom}. A command left to the operator ({@link Action#forOperator}) is
 * shown and journaled as left, never run.
 *
 * <pre>
 * try (Applier applier = Applier.begin(file, "instance-destroy", parameters, runner, progress)) {
 *   applier.apply(plan.steps());     // the same Step objects the plan was rendered from
 *   applier.completed();
 * }
 * </pre>
 *
 * <p>The journal is the one format {@link Journal} writes and {@code storage undo} reads; the
 * operation's own step texts stay as they were, so undo finds them. Not thread-safe: one
 * operation, one thread (a caller that releases from a shutdown hook serializes its calls).
 */
public final class Applier implements Closeable {

  /** The exit code the journal gives in-process work (a file copied, a directory made) that did all it says. */
  public static final int FINISHED = 0;
  /**
   * The exit code the journal gives in-process work that failed of itself, not through a command
   * it ran (an I/O error, a check that did not hold), as {@code mkdir}, {@code cp} or {@code mv}
   * exit 1 when they fail.
   */
  public static final int FAILED_IN_PROCESS = 1;

  private final CommandRunner runner;
  private final Consumer<String> progress;
  private final Journal journal;
  private final List<Ran> pending = new ArrayList<>();

  private Applier(CommandRunner runner, Consumer<String> progress, Journal journal) {
    this.runner = runner;
    this.progress = progress;
    this.journal = journal;
  }

  /** Begins a new journal for the operation (refused when the file exists) and applies under it. */
  public static Applier begin(Path journalFile, String operation, Map<String, String> parameters,
      CommandRunner runner, PrintStream progress) throws IOException {
    return begin(journalFile, operation, parameters, runner, progress::println);
  }

  /** {@link #begin(Path, String, Map, CommandRunner, PrintStream)} showing each progress line to {@code progress}. */
  public static Applier begin(Path journalFile, String operation, Map<String, String> parameters,
      CommandRunner runner, Consumer<String> progress) throws IOException {
    return new Applier(runner, progress, Journal.begin(journalFile, operation, parameters));
  }

  /**
   * Begins the journal, applies {@code body} under it and ends it: {@code completed}, or, when the
   * body fails and has not ended the journal itself, with the outcome {@code failed} gives for the
   * failure (what it left, how to go on); the failure is thrown on.
   */
  public static <T> T journaled(Path journalFile, String operation, Map<String, String> parameters,
      CommandRunner runner, Consumer<String> progress, Body<T> body, Function<Exception, String> failed)
      throws IOException {
    try (Applier applier = begin(journalFile, operation, parameters, runner, progress)) {
      T result;
      try {
        result = body.apply(applier);
      } catch (IOException | RuntimeException e) {
        if (!applier.ended()) {
          applier.end(failed.apply(e));
        }
        throw e;
      }
      if (!applier.ended()) {
        applier.completed();
      }
      return result;
    }
  }

  /** What {@link #journaled} applies. */
  @FunctionalInterface
  public interface Body<T> {
    T apply(Applier applier) throws IOException;
  }

  public Journal journal() {
    return journal;
  }

  public CommandRunner runner() {
    return runner;
  }

  /**
   * Applies the steps in order, numbered on the progress stream; each is journaled once its actions
   * ran, or (a step {@link Step#recordedByActions recorded by its actions}) as each action says.
   *
   * @throws IllegalArgumentException when a step holds {@link Action#journaling} work, whose
   *     failures this method could not throw on as they are: such steps go through {@link #applyFrom}
   */
  public void apply(List<Step> steps) throws IOException {
    steps.stream().flatMap(s -> s.actions().stream()).filter(Action.Journaling.class::isInstance).findFirst()
        .ifPresent(a -> {
          throw new IllegalArgumentException("apply cannot throw what journaling work may fail with: apply '"
              + a.display() + "' with applyFrom");
        });
    applyNumbered(1, steps, this::perform);
  }

  /**
   * {@link #apply} for steps that may hold {@link Action#journaling} work, whose failures, of any
   * type, are thrown on as they are; the steps are numbered from {@code first}. A plan built in two
   * phases (a read-only discovery, then the steps made from what it found) is applied in two calls
   * and numbered as it was shown.
   *
   * <pre>
   * applier.applyFrom(1, List.of(discovery));     // runs the query, keeps what it found
   * applier.applyFrom(2, stepsFrom(found));       // the steps the plan showed for it
   * </pre>
   */
  public void applyFrom(int first, List<Step> steps) throws Exception {
    applyNumbered(first, steps, this::performAny);
  }

  private <E extends Exception> void applyNumbered(int first, List<Step> steps, Performer<E> performer)
      throws IOException, E {
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      progress.accept(String.format(Locale.ROOT, "  %2d. %s", first + i, step.description()));
      for (Action action : step.actions()) {
        performer.perform(action);
      }
      if (step.done() != null) {
        record(step.done(), step.detail());
      }
    }
  }

  /** Runs one action of a step, showing it first. */
  @FunctionalInterface
  private interface Performer<E extends Exception> {
    void perform(Action action) throws IOException, E;
  }

  /** Runs one action, showing it first; journaling work goes through {@link #performAny}. */
  private void perform(Action action) throws IOException {
    if (action instanceof Action.Run r) {
      run(r.command());
    } else if (action instanceof Action.Local l) {
      timed(l.display(), true, () -> {
        l.work().run();
        return null;
      });
    } else if (action instanceof Action.InProcess p) {
      timed(p.display(), false, () -> {
        p.work().run();
        return null;
      });
    } else if (action instanceof Action.Recorded r) {
      // Work shown as no command is bookkeeping that journals itself (a note): it is not listed as ran.
      Action.Outcome outcome = r.shown().isEmpty() ? r.work().run() : timed(r.display(), true, r.work()::run);
      boolean nothingRan = outcome.event() == Action.Outcome.Event.NONE
          || outcome.event() == Action.Outcome.Event.DECLINED;
      if (nothingRan && !r.shown().isEmpty()) {
        pending.remove(pending.size() - 1); // it found nothing to do, or left things as they were
        progress.accept(outcome.event() == Action.Outcome.Event.NONE ? "        (nothing to do)"
            : "        (left as it was)");
      }
      record(outcome);
    } else if (action instanceof Action.ForOperator o) {
      progress.accept("        left for the operator: " + o.display());
      record(o.bookkeeping().run());
    } else {
      throw new IllegalArgumentException("journaling work is applied with applyFrom: " + action.display());
    }
  }

  /** {@link #perform}, and journaling work, whose failure is thrown on as it is. */
  private void performAny(Action action) throws Exception {
    if (action instanceof Action.Journaling j) {
      j.work().run(lines);
    } else {
      perform(action);
    }
  }

  /** Runs a command, showing it first; fails when it exits non-zero. */
  public CommandResult run(Command command) throws IOException {
    return timed(command.display(), true, () -> runner.run(command));
  }

  /**
   * Does in-process work that its caller carries out itself (a sysfs or cgroupfs write, a lock
   * file made): shown first as its shell equivalent {@code display}, timed, and listed as ran
   * with exit code {@link #FINISHED}; a failure is journaled with its exit code ({@link #exitOf})
   * and thrown on as it is.
   */
  public <T, E extends Exception> T local(String display, Action.Call<T, E> work) throws IOException, E {
    return timed(display, true, work);
  }

  /**
   * {@link #local} for work with no shell equivalent (records of the agent's own removed): not
   * shown, and listed as ran as {@code in-process: WHAT}, as {@link Action#inProcess} is.
   */
  public <T, E extends Exception> T inProcess(String what, Action.Call<T, E> work) throws IOException, E {
    return timed(Action.InProcess.PREFIX + what, false, work);
  }

  /** Tells the operator something that is not an action (a thing left alone, a reading); journaled as a note. */
  public void tell(String text) throws IOException {
    progress.accept("        " + text);
    journal.note(text);
  }

  /** Journals an action that was executed and finished, with what ran since the last line. */
  public void record(String action, Map<String, String> detail) throws IOException {
    Map<String, String> all = new LinkedHashMap<>(detail);
    all.putAll(ranDetail());
    pending.clear();
    journal.step(action, all);
  }

  /**
   * Journals what a {@link Action#recorded recorded} action's work said it did: a step line (with
   * what ran since the last line), a note, or nothing. For work done by hand too (a roll back).
   */
  public void record(Action.Outcome outcome) throws IOException {
    switch (outcome.event()) {
      case STEP -> record(outcome.text(), outcome.detail());
      case NOTE, DECLINED -> journal.note(outcome.text(), outcome.detail());
      case NONE -> { }
    }
  }

  /** Journals something observed that is not an action; what ran before it stays for the next line. */
  public void note(String text) throws IOException {
    journal.note(text);
  }

  /** Journals what ran since the last step line, as a {@code ran} note: a step that records nothing after it. */
  public void endOfStep() throws IOException {
    if (!pending.isEmpty()) {
      Map<String, String> ran = ranDetail();
      pending.clear();
      journal.note("ran", ran);
    }
  }

  public void completed() throws IOException {
    endOfStep();
    journal.completed();
  }

  public void end(String outcome) throws IOException {
    endOfStep();
    journal.end(outcome);
  }

  public boolean ended() {
    return journal.ended();
  }

  @Override
  public void close() throws IOException {
    journal.close();
  }

  /**
   * Runs one action, shown first ({@code $ …}) unless it has no shell equivalent, and puts it with
   * its exit code and time into what the next line lists as ran. A failure is journaled at once, as
   * a note with everything that ran since the last line, the failed action last with its exit code.
   */
  private <T, E extends Exception> T timed(String display, boolean shown, Action.Call<T, E> work)
      throws IOException, E {
    if (shown) {
      progress.accept("        $ " + display);
    }
    long start = System.nanoTime();
    try {
      T result = work.call();
      pending.add(new Ran(display, result instanceof CommandResult r ? r.exitCode() : FINISHED,
          System.nanoTime() - start));
      return result;
    } catch (Exception e) { // of the work's own type, thrown on as it is
      long nanos = System.nanoTime() - start;
      pending.add(new Ran(display, exitOf(e), nanos));
      Map<String, String> ran = ranDetail();
      pending.clear();
      String after = seconds(nanos) + " s: ";
      journal.note(e instanceof CommandFailedException ? "command failed after " + after + e.getMessage()
          : "action failed after " + after + display + ": " + e.getMessage(), ran);
      throw e;
    }
  }

  /**
   * The exit code the journal gives an action that failed: the exit code of the command that
   * failed in it ({@code -1} for one that did not run to its end: it could not start, ran past its
   * time or was interrupted), else {@link #FAILED_IN_PROCESS} for work of the agent's own that
   * failed (an I/O error, a check that did not hold).
   */
  static int exitOf(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof CommandFailedException c) {
        return c.result().exitCode();
      }
    }
    return FAILED_IN_PROCESS;
  }

  private Map<String, String> ranDetail() {
    if (pending.isEmpty()) {
      return Map.of();
    }
    return Map.of("ran", String.join("\n", pending.stream().map(Ran::display).toList()),
        "exit", String.join("\n", pending.stream().map(r -> Integer.toString(r.exit())).toList()),
        "seconds", String.join("\n", pending.stream().map(r -> seconds(r.nanos())).toList()));
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
  }

  /** What ran: its display, its exit code (for in-process work as {@link #exitOf} gives it) and how long it took. */
  private record Ran(String display, int exit, long nanos) {}

  /** What journaling work runs its statements through and journals with: this applier. */
  private final Action.Lines lines = new Action.Lines() {
    @Override
    public <T, E extends Exception> T run(String display, Action.Call<T, E> call) throws IOException, E {
      return timed(display, true, call);
    }

    @Override
    public void step(String text, Map<String, String> detail) throws IOException {
      record(text, detail);
    }

    @Override
    public void note(String text) throws IOException {
      journal.note(text);
    }
  };
}
