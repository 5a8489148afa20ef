package io.commitbench.storage.layout;

import io.commitbench.storage.plan.RefusedException;

/**
 * The layout or snapshot asked for cannot be made on this host (no device-mapper, a filesystem the
 * kernel does not know, a program not installed); found by probing before anything is changed. A
 * campaign tells this apart from other refusals to skip the cell and report why. The message is
 * the reason, starting {@code unsupported on this host: }.
 */
public final class UnsupportedOnHostException extends RefusedException {

  private static final long serialVersionUID = 1L;

  public UnsupportedOnHostException(String reason) {
    super(reason);
  }

  /** The reason, {@code unsupported on this host: no device-mapper …}. */
  public String reason() {
    return getMessage();
  }
}
