package io.commitbench.cli;

/** The exit codes every command uses, as documented in {@code --help}. */
final class ExitCodes {
  /** The command did what was asked. */
  static final int OK = 0;
  /** The run (or an operation) failed; results measured so far were written. */
  static final int RUN_FAILED = 1;
  /**
   * Bad input: options, parameter file or values, or names a run would create that are taken on
   * the server; nothing was changed.
   */
  static final int BAD_INPUT = 2;
  /**
   * The run completed, but not cleanly: some statements failed (within errors.max), or its
   * cleanup left tables or users on the server. Distinct from 0 so that scripts notice; the
   * report's last lines say what happened and how to remove what was left.
   */
  static final int COMPLETED_NOT_CLEAN = 3;
  /* cleanup uses 3 alike: it dropped what it could, but kept the objects of a run that looks live. */
  /*
   * A run stopped by a signal exits with the JVM's own code for it, which commitbench does not set
   * but documents: 130 (128 + SIGINT) after Ctrl-C, 143 (128 + SIGTERM) after kill. Shells and
   * process supervisors read these as "ended by that signal", which is what happened; the results
   * are written before the exit.
   */

  /**
   * The worse of two codes, for a group of runs: bad input over a failed run over a run that
   * completed not cleanly over success.
   */
  static int worse(int a, int b) {
    return severity(a) >= severity(b) ? a : b;
  }

  private static int severity(int code) {
    return switch (code) {
      case OK -> 0;
      case COMPLETED_NOT_CLEAN -> 1;
      case RUN_FAILED -> 2;
      case BAD_INPUT -> 3;
      default -> 4;
    };
  }

  private ExitCodes() {}
}
