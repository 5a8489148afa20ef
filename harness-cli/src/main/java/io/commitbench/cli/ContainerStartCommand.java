package io.commitbench.cli;

import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.dialect.ServerContainer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code commitbench container start DB_TYPE}: a throwaway server of that kind in a container,
 * published on the loopback address, with a generated administrator password written to a file
 * of its own (mode 600) and passed to Docker through an env-file of the same mode that is
 * deleted once the container exists, never on a command line nor in a process environment.
 * What the kind's image is and how it is configured is the dialect's ({@link
 * Dialect#serverContainer}). When the server does not accept a login in time the container is
 * removed again, with its last log lines shown.
 */
@Command(name = "start", mixinStandardHelpOptions = true,
    description = {"Starts a throwaway DB_TYPE server in a container.",
      "",
      "Prints the --set options a run needs. The image must be on the engine already: nothing is",
      "pulled (scripts/containers/build-images.sh builds the images each drivers/KIND/image/",
      "folder has a recipe for)."},
    footer = {"", "Documentation: docs/containers-and-tests.md"})
final class ContainerStartCommand implements Callable<Integer> {

  private static final long POLL_MILLIS = 500;
  private static final int LOG_TAIL_LINES = 20;

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "DB_TYPE", description = "A db.type with a container image: ${COMPLETION-CANDIDATES}.",
      completionCandidates = ContainerKinds.class)
  String dbType;

  @Option(names = "--image", paramLabel = "IMAGE", description = "Another image of the same kind (default: the dialect's).")
  String image;

  /** Described rather than given as a default value: help and docs/cli.md show no one's home directory. */
  @Option(names = "--secrets-dir", paramLabel = "DIR",
      description = "Where the password file goes (default: .commitbench/containers in the user's home directory).")
  Path secretsDir;

  @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "120",
      description = "How long the server may take to accept a login (default: ${DEFAULT-VALUE}).")
  int waitSeconds;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    DialectRegistry dialects = DialectRegistry.load();
    Optional<ServerContainer> recipe = dialects.byName(dbType).flatMap(Dialect::serverContainer);
    if (recipe.isEmpty() || waitSeconds < 1) {
      err.println("error: " + (waitSeconds < 1 ? "--wait=" + waitSeconds + ": must be at least 1 s"
          : "db.type " + dbType + (dialects.byName(dbType).isPresent() ? " has no container image" : " is unknown")
              + "; allowed: " + String.join(", ", ContainerKinds.names(dialects))) + "; nothing was started");
      err.flush();
      return ExitCodes.BAD_INPUT;
    }
    Dialect dialect = dialects.byName(dbType).orElseThrow();
    ServerContainer server = recipe.get();
    String chosenImage = image != null ? image : server.image();
    String name = "commitbench-" + dbType + "-" + HexFormat.of().formatHex(randomBytes(3));
    Path secrets = secretsDir != null ? secretsDir
        : Path.of(System.getProperty("user.home"), ".commitbench", "containers");
    Path passwordFile = secrets.resolve(name + ".password");
    DockerEngine engine = null;
    boolean created = false;
    try {
      engine = DockerEngine.find(System.getenv());
      if (!engine.hasImage(chosenImage)) {
        throw new DockerEngine.CommandFailedException("image " + chosenImage + " is not on the engine " + engine.host()
            + " (nothing is pulled); build it with: bash scripts/containers/build-images.sh");
      }
      String password = HexFormat.of().formatHex(randomBytes(12));
      writeSecret(passwordFile, password);
      Path envFile = secrets.resolve(name + ".env");
      try {
        writeSecret(envFile, server.passwordVariable() + "=" + password);
        engine.require(runArguments(server, chosenImage, name, passwordFile, envFile));
      } finally {
        deleteQuietly(envFile);
      }
      created = true;
      String published = engine.require(List.of("port", name, server.port() + "/tcp")).lines().findFirst()
          .orElseThrow(() -> new DockerEngine.CommandFailedException("docker published no port for " + name));
      int hostPort = Integer.parseInt(published.substring(published.lastIndexOf(':') + 1));
      String url = server.jdbcUrl("127.0.0.1", hostPort);
      err.println("started " + name + " (" + chosenImage + ") on " + engine.host() + "; waiting for a login as "
          + server.user() + " (up to " + waitSeconds + " s)");
      err.flush();
      double seconds = awaitLogin(dialect, url, server.user(), password, engine, name);
      out.printf(Locale.ROOT, "%s accepted a login after %.1f s. Run against it with:%n", name, seconds);
      out.printf("  commitbench run FILE --set db.url=%s --set db.user=%s --set db.password.file=%s%n", url,
          server.user(), passwordFile);
      out.printf("Remove it (and its password file) with:%n  commitbench container rm %s%n", name);
      out.flush();
      return ExitCodes.OK;
    } catch (DockerEngine.CommandFailedException | IOException | RuntimeException e) {
      err.println("error: " + e.getMessage());
      if (created) {
        removeQuietly(engine, name, err);
      }
      deleteQuietly(passwordFile);
      err.flush();
      return ExitCodes.RUN_FAILED;
    }
  }

  private List<String> runArguments(ServerContainer server, String image, String name, Path passwordFile,
      Path envFile) {
    List<String> args = new ArrayList<>(List.of("run", "-d", "--pull", "never", "--name", name,
        "--label", ContainerCommand.LABEL + "=" + dbType,
        "--label", ContainerCommand.PASSWORD_FILE_LABEL + "=" + passwordFile,
        "-p", "127.0.0.1::" + server.port(), "--env-file", envFile.toString()));
    server.environment().forEach((key, value) -> args.addAll(List.of("-e", key + "=" + value)));
    args.add(image);
    return args;
  }

  /** Seconds until a login worked; the container's log tail in the failure when it never did. */
  private double awaitLogin(Dialect dialect, String url, String user, String password, DockerEngine engine,
      String name) throws DockerEngine.CommandFailedException {
    long began = System.nanoTime();
    long deadline = began + waitSeconds * 1_000_000_000L;
    Properties login = dialect.connectionProperties(ConnectionTimeouts.connectOnly(5));
    login.setProperty("user", user);
    login.setProperty("password", password);
    String last = "no attempt";
    while (System.nanoTime() < deadline) {
      try (Connection connection = DriverManager.getConnection(url, login)) {
        if (connection.isValid(5)) {
          return (System.nanoTime() - began) / 1e9;
        }
      } catch (SQLException e) {
        last = e.getMessage();
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    String logs = engine.run(List.of("logs", "--tail", String.valueOf(LOG_TAIL_LINES), name)).err();
    throw new DockerEngine.CommandFailedException("the server in " + name + " did not accept a login within "
        + waitSeconds + " s (last: " + last + "), so the container is removed. Its last log lines:\n" + logs);
  }

  private static void writeSecret(Path file, String secret) throws IOException {
    Files.createDirectories(file.getParent(), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(file, secret + "\n");
  }

  private static void removeQuietly(DockerEngine engine, String name, PrintWriter err) {
    try {
      engine.require(List.of("rm", "-f", "-v", name));
    } catch (DockerEngine.CommandFailedException e) {
      err.println("warning: could not remove " + name + ": " + e.getMessage() + "; remove it with: commitbench"
          + " container rm " + name);
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // Only a generated password of a container that no longer exists.
    }
  }

  private static byte[] randomBytes(int count) {
    byte[] bytes = new byte[count];
    new SecureRandom().nextBytes(bytes);
    return bytes;
  }

  /** The db.type values whose dialect has a container image, for the help and the error. */
  static final class ContainerKinds extends ArrayList<String> {
    ContainerKinds() {
      super(names(DialectRegistry.load()));
    }

    static List<String> names(DialectRegistry dialects) {
      return dialects.all().stream().filter(d -> d.serverContainer().isPresent()).map(Dialect::name).sorted()
          .collect(Collectors.toList());
    }
  }
}
