package io.commitbench.core.run;

/**
 * The tables and users one run of a group hands to the next ({@code runs.setup=kept}): the run
 * that created them does not drop them when it ended cleanly and is not the last; the next run
 * adopts them, empties and reloads the tables, and drops them in its turn unless it hands them on.
 * A run that failed or was stopped drops what it holds, and the next one creates afresh.
 *
 * <p>Used by the group's runs one after another, from one thread.
 */
public final class KeptSchema {

  private SchemaSetup.Created held;

  /** Whether a previous run left its setup here. */
  public boolean holds() {
    return held != null;
  }

  SchemaSetup.Created take() {
    SchemaSetup.Created taken = held;
    held = null;
    return taken;
  }

  void keep(SchemaSetup.Created created) {
    held = created;
  }
}
