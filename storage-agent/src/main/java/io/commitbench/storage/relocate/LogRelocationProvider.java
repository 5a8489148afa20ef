package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * How the log of one kind of database server is moved, found through {@link
 * java.util.ServiceLoader} (register the class in {@code
 * META-INF/services/io.commitbench.storage.relocate.LogRelocationProvider}) by the dialect's name.
 * One per kind, in that kind's storage module; a kind offers what it can of the three ways below
 * and the generic code ({@link LogRelocations}) asks, never branching on the kind. Implementations
 * have a public no-argument constructor and are stateless and thread-safe.
 */
public interface LogRelocationProvider {

  /** The kind, as {@code db.type} and a managed instance's descriptor spell it: {@code postgresql}. */
  String kind();

  /**
   * The move of a managed instance's log from {@code origin} to {@code target}, through the
   * instance's own programs; empty when the agent runs no instance of this kind.
   *
   * @param allowedRoots the directories the target must lie under
   */
  default Optional<ManagedLogRelocation> managed(ManagedInstance instance, Path origin, Path target,
      List<Path> allowedRoots, CommandRunner runner, Clock clock) {
    return Optional.empty();
  }

  /**
   * How {@link #managed} moves the log, for the help of {@code storage relocate-log}: one or two
   * sentences naming the kind, the log and the steps; empty when the agent runs no instance of
   * this kind.
   */
  default Optional<String> managedHelp() {
    return Optional.empty();
  }

  /**
   * The JDBC URL prefixes of the servers whose operator gets a plan ({@link #forOperator}), for
   * choosing the provider by URL and for the message that lists what is accepted; empty for none.
   */
  default List<String> operatorUrlPrefixes() {
    return List.of();
  }

  /**
   * The commands that move the log of the server at {@code url}, which the agent does not
   * manage, for its operator to run (the agent connects to nothing); called only for a URL with
   * one of {@link #operatorUrlPrefixes}.
   */
  default LogRelocation forOperator(String url, Path target) {
    throw new UnsupportedOperationException(kind() + " has no operator plan");
  }

  /** How a server of this kind is moved online, over SQL; empty when it is not. */
  default Optional<OnlineRelocation> online() {
    return Optional.empty();
  }
}
