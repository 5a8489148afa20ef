package io.commitbench.cli;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Docker engine the {@code container} command talks to, through the {@code docker} program:
 * the one {@code DOCKER_HOST} names, else the project's private engine
 * ({@code scripts/containers/engine.sh}), else the machine's default socket. Images are never
 * pulled ({@code --pull never}): a machine without a registry would wait for minutes.
 */
final class DockerEngine {

  /** The socket of the project's private engine (scripts/containers/engine.sh). */
  static final Path PRIVATE_SOCKET = Path.of("/run/commitbench-docker/docker.sock");
  private static final Path DEFAULT_SOCKET = Path.of("/var/run/docker.sock");
  /** Long enough for a container to be created or removed, short enough to name a hung engine. */
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(120);

  private final String host;
  private final CommandRunner runner = new ProcessCommandRunner(COMMAND_TIMEOUT);

  private DockerEngine(String host) {
    this.host = host;
  }

  /** The engine to use, or why there is none (a sentence naming what to do). */
  static DockerEngine find(Map<String, String> environment) throws CommandFailedException {
    String dockerHost = environment.get("DOCKER_HOST");
    if (dockerHost != null && !dockerHost.isBlank()) {
      return new DockerEngine(dockerHost);
    }
    for (Path socket : List.of(PRIVATE_SOCKET, DEFAULT_SOCKET)) {
      if (Files.exists(socket)) {
        return new DockerEngine("unix://" + socket);
      }
    }
    throw new CommandFailedException("no Docker engine: DOCKER_HOST is not set and neither " + PRIVATE_SOCKET
        + " nor " + DEFAULT_SOCKET + " exists; start the project's own with: bash scripts/containers/engine.sh start");
  }

  String host() {
    return host;
  }

  /** Whether the engine has {@code image} without pulling it. */
  boolean hasImage(String image) throws CommandFailedException {
    return run(List.of("image", "inspect", "--format", "{{.Id}}", image)).exitCode() == 0;
  }

  /** One line per container {@code container start} made (its label), in docker's {@code --format}. */
  List<String> throwawayContainers(String format) throws CommandFailedException {
    return require(List.of("ps", "-a", "--filter", "label=" + ContainerCommand.LABEL, "--format", format)).lines()
        .filter(line -> !line.isBlank()).toList();
  }

  /** Runs {@code docker ARGS} to its end, whatever its exit code. */
  Result run(List<String> args) throws CommandFailedException {
    List<String> argv = new ArrayList<>(List.of("docker", "-H", host));
    argv.addAll(args);
    try {
      CommandResult result = runner.attempt(Command.of(argv));
      return new Result(result.exitCode(), result.stdout().trim(), result.stderr().trim());
    } catch (io.commitbench.storage.exec.CommandFailedException e) {
      throw new CommandFailedException("cannot run docker " + args.get(0) + " (" + e.getMessage()
          + "); install it with: bash scripts/containers/install.sh");
    }
  }

  /** Like {@link #run}, but a non-zero exit is a failure naming what docker said. */
  String require(List<String> args) throws CommandFailedException {
    Result result = run(args);
    if (result.exitCode() != 0) {
      throw new CommandFailedException("docker " + args.get(0) + " failed (exit " + result.exitCode() + "): "
          + Optional.of(result.err()).filter(e -> !e.isEmpty()).orElse(result.out()));
    }
    return result.out();
  }

  record Result(int exitCode, String out, String err) {}

  /** A docker step that failed: the message says what and, where it can, what to do. */
  static final class CommandFailedException extends Exception {
    CommandFailedException(String message) {
      super(message);
    }
  }
}
