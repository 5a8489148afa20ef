package io.commitbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.results.SummaryFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparabilityTest {

  @TempDir Path dir;

  @Test
  void runsOnDifferentDatabasesOfTheSameWorkloadAreComparable() throws Exception {
    Subject a = Subject.load(SummaryFixtures.run(dir.resolve("a"), "a", 100, 1, 2, 4, "jdbc:postgresql://h/test"));
    Subject b = Subject.load(SummaryFixtures.run(dir.resolve("b"), "b", 200, 1, 2, 4, "jdbc:mariadb://h/test"));
    assertThat(Comparability.differences(List.of(a, b))).isEmpty();
  }

  @Test
  void anEngineLoadKeyThatDiffersIsNamedWithEveryValue() throws Exception {
    Subject a = Subject.load(SummaryFixtures.run(dir.resolve("a"), "a", 100, 1, 2, 4, "jdbc:h2:mem:x"));
    Subject b = Subject.load(SummaryFixtures.run(dir.resolve("b"), "b", 100, 1, 2, 8, "jdbc:h2:mem:x"));
    assertThat(Comparability.differences(List.of(a, b))).containsExactly("users: a=4, b=8");
  }

  @Test
  void aWorkloadKeyThatDiffersInOneRunOfAGroupIsNamedWithThatRun() throws Exception {
    SummaryFixtures.run(dir.resolve("g/run-1"), "run-1", 100, 1, 2, 4, "jdbc:h2:mem:x");
    Path second = SummaryFixtures.run(dir.resolve("g/run-2"), "run-2", 100, 1, 2, 4, "jdbc:h2:mem:x");
    Files.writeString(second.resolve("summary.json"),
        Files.readString(second.resolve("summary.json")).replace("\"commit.rows\" : \"1\"", "\"commit.rows\" : \"10\""));
    Subject a = Subject.load(SummaryFixtures.run(dir.resolve("a"), "a", 100, 1, 2, 4, "jdbc:h2:mem:x"));
    Subject g = Subject.load(dir.resolve("g"));
    assertThat(g.group()).isTrue();
    assertThat(Comparability.differences(List.of(a, g))).containsExactly("commit.rows: a=1, g/run-2=10");
  }
}
