package io.commitbench.core.load;

/**
 * A load ended early because its run or {@code prepare} was asked to stop (Ctrl-C, SIGTERM): the
 * message says how far it got, so the caller can say what the half-loaded tables hold.
 */
public final class LoadStoppedException extends InterruptedException {

  private static final long serialVersionUID = 1L;

  public LoadStoppedException(String message) {
    super(message);
  }
}
