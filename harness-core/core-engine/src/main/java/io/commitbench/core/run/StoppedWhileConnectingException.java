package io.commitbench.core.run;

/**
 * An actor gave up connecting (or reconnecting) because the run was asked to stop. Not a
 * failure of the run: the actor simply ends, like one that sees the stop between operations.
 */
final class StoppedWhileConnectingException extends Exception {
  StoppedWhileConnectingException(String message) {
    super(message, null, false, false);
  }
}
