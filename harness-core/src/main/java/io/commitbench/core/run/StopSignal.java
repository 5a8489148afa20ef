package io.commitbench.core.run;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Asks a run to stop early (Ctrl-C, or a failed actor). Actors check it between operations, so
 * the operation in flight completes and is counted. The first reason given wins.
 */
public final class StopSignal {

  private final AtomicReference<String> reason = new AtomicReference<>();

  public void request(String why) {
    reason.compareAndSet(null, why);
  }

  public boolean isRequested() {
    return reason.get() != null;
  }

  /** Why the stop was requested; null when it was not. */
  public String reason() {
    return reason.get();
  }
}
