package io.commitbench.storage.format;

import java.util.List;
import java.util.Optional;

/**
 * The pre-format arms of one kind of database, found through {@link java.util.ServiceLoader}
 * (registered in {@code META-INF/services}). The arm {@code baseline} is every kind's and is not
 * listed here.
 */
public interface LogFormatterProvider {

  /** The dialect name this provider serves, as in {@code db.type}. */
  String dbType();

  /** The arms it offers, besides {@code baseline}, each with one line saying what it does. */
  List<ArmDescription> arms();

  /** A formatter for one of {@link #arms()}. */
  LogFormatter create(String arm, FormatterContext context);

  /**
   * What the kind tells of its log (directory, file size, position, checkpoints), for every arm's
   * exposure figures and for {@code baseline}'s fstrim; empty when the kind tells nothing.
   */
  default Optional<LogExposure> exposure() {
    return Optional.empty();
  }

  /**
   * An arm's name and what it does.
   *
   * @param name as given in {@code storage.format.arm}
   * @param description one line
   */
  record ArmDescription(String name, String description) {}
}
