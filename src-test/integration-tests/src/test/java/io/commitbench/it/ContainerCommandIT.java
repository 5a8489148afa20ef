package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.assertCompleted;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code commitbench container} with the real jar against the build's Docker engine: a throwaway
 * server is started, a run goes against it with exactly the settings the command printed, and
 * {@code rm} leaves neither the container nor its password file. Bad input is refused before
 * anything starts, and a container the command did not start is never removed.
 */
class ContainerCommandIT {

  private static final Pattern SETTINGS = Pattern.compile(
      "--set db\\.url=(\\S+) --set db\\.user=(\\S+) --set db\\.password\\.file=(\\S+)");
  private static final Workload SHORT = new Workload(2, 0, 1, 20, 2);

  @BeforeAll
  static void requireEngine() {
    String host = System.getenv("DOCKER_HOST");
    if (host == null || host.isBlank()) {
      String message = "skipped: ContainerCommandIT needs the build's Docker engine in DOCKER_HOST (scripts/test.sh sets it)";
      System.out.println(DatabaseTargets.LOG_PREFIX + message);
      Assumptions.abort(message);
    }
  }

  @ParameterizedTest(name = "{0}: start, run with the printed settings, rm")
  @ValueSource(strings = {"postgresql", "mariadb"})
  void aThrowawayServerTakesARunAndLeavesNothingBehind(String dbType, @TempDir Path tmp) throws Exception {
    CliResult started = Commitbench.jar(List.of("container", "start", dbType, "--secrets-dir", tmp.resolve("secrets").toString()));
    assertThat(started.exitCode()).as("container start\n%s\n%s", started.out(), started.err()).isZero();
    Matcher settings = SETTINGS.matcher(started.out());
    assertThat(settings.find()).as("the printed settings\n%s", started.out()).isTrue();
    String name = started.out().lines().filter(l -> l.startsWith("  commitbench container rm ")).findFirst()
        .orElseThrow().substring("  commitbench container rm ".length()).trim();
    Path passwordFile = Path.of(settings.group(3));
    try {
      String password = Files.readString(passwordFile, StandardCharsets.UTF_8).trim();
      assertThat(Files.getPosixFilePermissions(passwordFile)).as("password file mode").hasSize(2);
      assertThat(started.out() + started.err()).as("the password is printed nowhere").doesNotContain(password);
      assertThat(docker("inspect", "--format", "{{.Config.Cmd}} {{.Args}}", name)).doesNotContain(password);

      Map<String, String> overrides = new LinkedHashMap<>();
      overrides.put("db.url", settings.group(1));
      overrides.put("db.user", settings.group(2));
      overrides.put("db.password.file", settings.group(3));
      TestNames names = TestNames.unique();
      overrides.put("table.prefix", names.tablePrefix());
      overrides.put("user.prefix", names.userPrefix());
      RunOutput run = Commitbench.run(Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys()),
          tmp.resolve("results"), "throwaway", overrides);
      assertCompleted(run);

      assertThat(Commitbench.jar(List.of("container", "ls")).out()).as("container ls").contains(name);
    } finally {
      CliResult removed = Commitbench.jar(List.of("container", "rm", name));
      assertThat(removed.exitCode()).as("container rm\n%s", removed.err()).isZero();
    }
    assertThat(docker("ps", "-a", "-q", "--filter", "name=^" + name + "$")).as("the container after rm").isEmpty();
    assertThat(passwordFile).as("the password file after rm").doesNotExist();
  }

  @Test
  void anEmbeddedOrUnknownKindIsRefusedBeforeAnythingStarts() throws Exception {
    for (String dbType : List.of("h2", "db2")) {
      CliResult refused = Commitbench.jar(List.of("container", "start", dbType));
      assertThat(refused.exitCode()).as("container start %s\n%s", dbType, refused.err()).isEqualTo(2);
      assertThat(refused.err()).contains("db.type " + dbType).contains("allowed: mariadb, oracle, postgresql")
          .contains("nothing was started");
    }
  }

  /** The build's own database containers carry Testcontainers' label, not the throwaway one. */
  @Test
  void aContainerTheCommandDidNotStartIsNotRemoved() throws Exception {
    DatabaseTargets.require(io.commitbench.it.support.DatabaseKind.POSTGRESQL, Path.of("unused"));
    String other = docker("ps", "-q", "--filter", "label=org.testcontainers=true").lines().findFirst().orElse("");
    if (other.isEmpty()) {
      String message = "skipped: no container of the build's own to try removing (the targets are not containers)";
      System.out.println(DatabaseTargets.LOG_PREFIX + message);
      Assumptions.abort(message);
    }
    CliResult refused = Commitbench.jar(List.of("container", "rm", other));
    assertThat(refused.exitCode()).as("container rm %s\n%s", other, refused.err()).isEqualTo(2);
    assertThat(refused.err()).contains("was not started by 'commitbench container start'").contains("nothing was removed");
    assertThat(docker("ps", "-q", "--filter", "id=" + other)).as("still running").isNotEmpty();
  }

  private static String docker(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("docker"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertThat(process.waitFor()).as("docker %s: %s", List.of(args), out).isZero();
    return out;
  }
}
