package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.PaperRun;
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.Workload;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The paper's workload, run through the command line against real PostgreSQL and MariaDB servers
 * and embedded H2, checked from summary.json and report.txt and in the database itself (see
 * {@link PaperRun}): every statement counted exactly once, no error, and the database left as it
 * was found.
 */
class PaperWorkloadIT {

  /** Statements per commit with autocommit off: 50 per phase gives 7 full commits and a remainder. */
  private static final int COMMIT_INTERVAL = 7;

  @ParameterizedTest(name = "{0}: config/paper.properties as published, at repeat=3")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB", "H2"})
  void paperFileAsPublished(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    Path paperFile = Repository.file("config/paper.properties");
    Workload paper = Workload.paper(3);
    Properties published = new Properties();
    try (Reader reader = Files.newBufferedReader(paperFile)) {
      published.load(reader);
    }
    // Only repeat is overridden (30 → 3): everything else is the paper's file as shipped.
    Map<String, String> asPublished = new LinkedHashMap<>(paper.keys());
    asPublished.remove("repeat");
    asPublished.forEach((key, value) ->
        assertThat(published.getProperty(key)).as("%s in %s", key, paperFile).isEqualTo(value));
    assertThat(published.getProperty("repeat")).isEqualTo("30");

    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    // users.mode stays at its default, auto: the admin may create users, so db-users it is.
    PaperRun.of(target, tmp, paperFile, paper).set("repeat", "3").expectUsersMode("db-users").check();
  }

  static Stream<Arguments> modes() {
    return Stream.of(DatabaseKind.POSTGRESQL, DatabaseKind.MARIADB, DatabaseKind.H2).flatMap(kind -> Stream.of(
        Arguments.of(kind, "db-users", true, true),
        Arguments.of(kind, "db-users", false, false),
        Arguments.of(kind, "shared", true, false),
        Arguments.of(kind, "shared", false, true)));
  }

  @ParameterizedTest(name = "{0}: users.mode={1}, autocommit={2}, cleanup={3}")
  @MethodSource("modes")
  void usersModesAndCommitModes(DatabaseKind kind, String usersMode, boolean autocommit, boolean cleanup,
      @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    Workload workload = Workload.paper(2).withSleep(5);
    Path file = Commitbench.writeParameterFile(tmp.resolve("paper-modes.properties"), workload.keys());
    PaperRun.of(target, tmp, file, workload)
        .set("users.mode", usersMode)
        .set("autocommit", String.valueOf(autocommit))
        .set("commit.interval", String.valueOf(COMMIT_INTERVAL))
        .set("cleanup", String.valueOf(cleanup))
        .expectUsersMode(usersMode)
        .check();
  }
}
