package io.commitbench.core.companion;

import io.commitbench.core.key.Key;
import java.util.List;
import java.util.Optional;

/**
 * A plug-in that runs beside a run's workload (the storage agent's log formatter; future
 * monitors), found through {@link java.util.ServiceLoader}. It contributes its own keys, which
 * are validated with the engine's and the workload's in the one key list, and builds its
 * companion from their typed values: the run neither knows the plug-in nor re-reads its keys.
 *
 * <pre>
 * META-INF/services/io.commitbench.core.companion.RunCompanionProvider
 *   io.commitbench.storage.format.FormatterCompanionProvider
 * </pre>
 */
public interface RunCompanionProvider {

  /** Its keys, with defaults, ranges and documentation; no name may clash with another key's. */
  List<Key> keys();

  /**
   * The companion the run's keys ask for, or empty when they ask for none.
   *
   * @throws CompanionRefusedException when they ask for something that cannot be (bad input,
   *     found before anything ran)
   */
  Optional<RunCompanion> create(CompanionContext context) throws CompanionRefusedException;
}
