package io.commitbench.storage.plan;

import io.commitbench.storage.exec.Command;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * One thing a step does: an external command, or work done in-process (a file written, a tree
 * removed) shown as its shell equivalent. A plan shows an action with {@link #shown()} and {@link
 * Applier#perform} runs the same object, so what is shown is what runs.
 */
public sealed interface Action permits Action.Run, Action.Local, Action.Recorded {

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
   * description names it, and the plan shows no command for it.
   */
  static Action inProcess(Work work) {
    return new Recorded(List.of(), () -> {
      work.run();
      return Outcome.none();
    });
  }

  /** {@link #recorded(List, RecordedWork)} shown as one command. */
  static Action recorded(String display, RecordedWork work) {
    return new Recorded(List.of(display), work);
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

  /**
   * What a {@link Recorded} action's work journals once it ran: a step line (with what ran since
   * the last line, as {@link Applier#record} writes it), a note, or nothing; nothing also means
   * nothing was done, so the action is not listed as ran.
   *
   * @param event a step line, a note, or nothing
   * @param text the step's or the note's text
   * @param detail facts for the line
   */
  record Outcome(Event event, String text, Map<String, String> detail) {

    /** What the journal gets. */
    public enum Event { STEP, NOTE, NONE }

    public Outcome {
      detail = Map.copyOf(detail);
    }

    /** A step line: something was done. */
    public static Outcome step(String text, Map<String, String> detail) {
      return new Outcome(Event.STEP, text, detail);
    }

    /** A note: something observed (a check passed, a thing left as it was). */
    public static Outcome note(String text, Map<String, String> detail) {
      return new Outcome(Event.NOTE, text, detail);
    }

    /** Nothing was done (it was done already, or there was nothing to do): nothing is journaled. */
    public static Outcome none() {
      return new Outcome(Event.NONE, "", Map.of());
    }
  }
}
