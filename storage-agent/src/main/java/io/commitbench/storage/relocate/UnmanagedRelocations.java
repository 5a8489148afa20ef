package io.commitbench.storage.relocate;

import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Path;

/** The operator's plan for a server the agent does not manage, chosen by the JDBC URL's prefix ({@link LogRelocations}). */
public final class UnmanagedRelocations {

  private UnmanagedRelocations() {}

  /** The relocation (a plan for the operator only) of the server at {@code url}. */
  public static LogRelocation forUrl(String url, Path target) throws RefusedException {
    return LogRelocations.load().forOperator(url, target);
  }
}
