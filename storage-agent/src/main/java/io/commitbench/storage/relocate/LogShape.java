package io.commitbench.storage.relocate;

import java.util.Optional;

/**
 * The shape of a log an online relocation creates, as the operator gave it, unchecked: the
 * {@link OnlineRelocation} of the kind decides what is required and allowed. Immutable.
 *
 * @param size each new log file's size as written ({@code 200M}), if given
 * @param blockSize the new files' block size in bytes, if given
 * @param groups how many new log groups, if given
 */
public record LogShape(Optional<String> size, Optional<Integer> blockSize, Optional<Integer> groups) {

  /** The parts of a request, so a problem is told against the option it came from. */
  public enum Part { TARGET, SIZE, BLOCK_SIZE, GROUPS }
}
