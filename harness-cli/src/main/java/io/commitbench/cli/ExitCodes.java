package io.commitbench.cli;

/** The exit codes every command uses, as documented in {@code --help}. */
final class ExitCodes {
  /** The command did what was asked. */
  static final int OK = 0;
  /** The run (or an operation) failed; results measured so far were written. */
  static final int RUN_FAILED = 1;
  /** Bad input: options, parameter file or values; nothing was changed. */
  static final int BAD_INPUT = 2;

  private ExitCodes() {}
}
