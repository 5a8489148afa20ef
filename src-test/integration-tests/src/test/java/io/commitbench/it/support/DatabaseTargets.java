package io.commitbench.it.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.utility.DockerImageName;

/**
 * Finds a database for each kind, in this order:
 *
 * <ol>
 *   <li>an explicit JDBC URL from the environment: {@code COMMITBENCH_IT_<KIND>_URL} with
 *       {@code _USER} and {@code _PASSWORD} (a URL that is set but does not connect fails the
 *       test: whoever set it wants that database tested);
 *   <li>a Testcontainers container of the image pinned in {@link TestImages}, when a Docker
 *       engine answers and the image starts (not when {@code COMMITBENCH_IT_TARGET=local});
 *   <li>the local service on its standard port of 127.0.0.1, probed with a real JDBC login
 *       (credentials from {@code _USER}/{@code _PASSWORD} when set, else the usual admin user
 *       without a password); a fallback from containers is printed with the reason;
 *   <li>none: {@link #require} skips the test through a JUnit assumption whose message says why,
 *       and prints the same line to stdout so it shows in the build log.
 * </ol>
 *
 * <p>H2 is embedded and always found. Results are cached per kind for the JVM (a container is
 * started at most once and reaped by Testcontainers when the JVM ends). Thread-safe.
 *
 * <pre>
 * DatabaseTarget pg = DatabaseTargets.require(DatabaseKind.POSTGRESQL, tempDir);
 * </pre>
 */
public final class DatabaseTargets {

  /** Prefix of every line this finder prints, so the build log can be searched for it. */
  public static final String LOG_PREFIX = "[commitbench-it] ";

  /**
   * {@code local} selects the machine's services; {@code container} requires containers of the
   * kinds whose images are built here (a container that cannot start fails the test: CI, whose
   * script sets it, must not pass on the services instead; Oracle's stays skipped with the
   * reason); unset, containers are preferred and the services are the fallback.
   */
  public static final String TARGET_VARIABLE = "COMMITBENCH_IT_TARGET";

  private static final String LOCAL_HOST = "127.0.0.1";
  private static final int TCP_PROBE_MILLIS = 1_000;
  private static final DatabaseTargets STANDARD =
      new DatabaseTargets(System::getenv, DatabaseKind::standardPort, new TestcontainersDocker());

  /** The outcome of a search: a target, or why there is none. */
  public sealed interface Resolution permits Found, Missing {}

  public record Found(DatabaseTarget target) implements Resolution {}

  public record Missing(String reason) implements Resolution {}

  private final Function<String, String> environment;
  private final ToIntFunction<DatabaseKind> localPort;
  private final DockerTargets docker;
  private final Map<DatabaseKind, Resolution> cache = new ConcurrentHashMap<>();
  private final Map<DockerImageName, DatabaseTarget> versions = new ConcurrentHashMap<>();

  /**
   * @param environment looks up environment variables
   * @param localPort where the local service of a kind is probed
   * @param docker starts containers, or says why it cannot
   */
  public DatabaseTargets(Function<String, String> environment, ToIntFunction<DatabaseKind> localPort,
      DockerTargets docker) {
    this.environment = environment;
    this.localPort = localPort;
    this.docker = docker;
  }

  /** The finder over the real environment, local ports and Docker. */
  public static DatabaseTargets standard() {
    return STANDARD;
  }

  /**
   * The target of {@code kind}, or the test is skipped with the reason (also printed).
   *
   * @param h2Directory where an H2 database is kept (ignored for server kinds)
   */
  public static DatabaseTarget require(DatabaseKind kind, Path h2Directory) {
    return STANDARD.requireTarget(kind, h2Directory);
  }

  /** Like {@link #require}, over this finder. */
  public DatabaseTarget requireTarget(DatabaseKind kind, Path h2Directory) {
    Resolution resolution = kind == DatabaseKind.H2 ? new Found(DatabaseTarget.h2(h2Directory)) : find(kind);
    if (resolution instanceof Missing missing) {
      String message = "skipped: no " + kind.dbType() + " target: " + missing.reason();
      System.out.println(LOG_PREFIX + message);
      Assumptions.abort(message);
    }
    return ((Found) resolution).target();
  }

  /**
   * The target of {@code kind} in one column of the version matrix ({@link TestImages#matrix}):
   * column 0 is {@link #require}'s target, whatever it is; a further column is a container of that
   * column's image, started once for the JVM, and exists only where the first column is a
   * container too (else the test is skipped with the reason printed: the services are one version).
   */
  public static DatabaseTarget requireVersion(DatabaseKind kind, int column, Path h2Directory) {
    DatabaseTarget first = require(kind, h2Directory);
    if (column == 0) {
      return first;
    }
    if (!first.origin().startsWith(TestcontainersDocker.ORIGIN)) {
      String message = "skipped: the version matrix of " + kind.dbType() + " needs containers; the target is "
          + first.origin();
      System.out.println(LOG_PREFIX + message);
      Assumptions.abort(message);
    }
    DockerImageName image = TestImages.matrix(kind).get(column);
    return STANDARD.versions.computeIfAbsent(image, i -> {
      DatabaseTarget target = STANDARD.docker.start(kind, i);
      System.out.println(LOG_PREFIX + "using " + target + " (version matrix)");
      return target;
    });
  }

  /**
   * For a test that injects a fault into a container of its own: returns when an engine answers;
   * otherwise the test fails under {@code COMMITBENCH_IT_TARGET=container} (CI starts the engine)
   * and is skipped, with the reason printed, elsewhere.
   */
  public static void requireEngineForOwnContainer(String test) {
    String mode = System.getenv(TARGET_VARIABLE);
    Optional<String> missing = "local".equalsIgnoreCase(mode) ? Optional.of(TARGET_VARIABLE + "=local")
        : STANDARD.docker.unavailableReason();
    if (missing.isEmpty()) {
      return;
    }
    if ("container".equalsIgnoreCase(mode)) {
      throw new AssertionError(TARGET_VARIABLE + "=container is set, but " + test + " cannot start its own container: "
          + missing.get());
    }
    String message = "skipped: " + test + " needs a container of its own: " + missing.get();
    System.out.println(LOG_PREFIX + message);
    Assumptions.abort(message);
  }

  /** Searches once per kind; later calls return the same answer. Not for H2. */
  public Resolution find(DatabaseKind kind) {
    if (kind == DatabaseKind.H2) {
      throw new IllegalArgumentException("H2 is embedded: use DatabaseTarget.h2(directory)");
    }
    return cache.computeIfAbsent(kind, k -> {
      Resolution found = search(k);
      if (found instanceof Found f && this == STANDARD) {
        System.out.println(LOG_PREFIX + "using " + f.target());
      }
      return found;
    });
  }

  private Resolution search(DatabaseKind kind) {
    String urlVariable = kind.variable("URL");
    String explicitUrl = environment.apply(urlVariable);
    String user = Optional.ofNullable(environment.apply(kind.variable("USER"))).orElse(kind.adminUser());
    String passwordVariable = kind.variable("PASSWORD");
    String password = environment.apply(passwordVariable);
    if (explicitUrl != null && !explicitUrl.isBlank()) {
      DatabaseTarget target = new DatabaseTarget(kind, explicitUrl, user, password == null ? "" : password,
          password == null ? null : passwordVariable, urlVariable);
      String failure = loginFailure(target);
      if (failure != null) {
        throw new AssertionError(urlVariable + " is set, but " + target + " does not accept a login: " + failure);
      }
      return new Found(target);
    }
    // Containers come first (a known configuration per build, and faults may be injected into them);
    // COMMITBENCH_IT_TARGET=local selects the machine's services instead.
    String mode = environment.apply(TARGET_VARIABLE);
    boolean localOnly = "local".equalsIgnoreCase(mode);
    String container = localOnly ? TARGET_VARIABLE + "=local" : null;
    if (!localOnly) {
      Optional<String> dockerMissing = docker.unavailableReason();
      if (dockerMissing.isPresent()) {
        container = "Docker unavailable: " + dockerMissing.get();
      } else {
        try {
          return new Found(docker.start(kind, docker.image(kind)));
        } catch (RuntimeException e) {
          container = "Docker is available but the container of " + docker.image(kind) + " did not start: " + oneLine(e);
        }
      }
      if ("container".equalsIgnoreCase(mode) && TestImages.builtHere(kind)) {
        throw new AssertionError(TARGET_VARIABLE + "=container is set, but there is no " + kind.dbType()
            + " container: " + container);
      }
      if (this == STANDARD) {
        System.out.println(LOG_PREFIX + "no " + kind.dbType() + " container (" + container
            + "); falling back to the local service");
      }
    }
    int port = localPort.applyAsInt(kind);
    String local;
    if (!listening(LOCAL_HOST, port)) {
      local = "no local service on " + LOCAL_HOST + ":" + port;
    } else {
      DatabaseTarget target = new DatabaseTarget(kind, kind.localUrl(LOCAL_HOST, port), user,
          password == null ? "" : password, password == null ? null : passwordVariable,
          "local service on " + LOCAL_HOST + ":" + port);
      String failure = loginFailure(target);
      if (failure == null) {
        return new Found(target);
      }
      local = "the local service on " + LOCAL_HOST + ":" + port + " refused a login as " + user + " (" + failure + ")";
    }
    return new Missing("no " + urlVariable + ", " + local + ", " + container);
  }

  private static boolean listening(String host, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), TCP_PROBE_MILLIS);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Null when a login works, else the driver's reason. */
  private static String loginFailure(DatabaseTarget target) {
    try (Connection connection = target.connect()) {
      return connection.isValid(5) ? null : "the connection is not valid";
    } catch (SQLException e) {
      return oneLine(e);
    }
  }

  static String oneLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
