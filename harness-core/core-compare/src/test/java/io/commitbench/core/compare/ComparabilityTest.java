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

  @Test
  void subjectsThatDifferOnlyInRateAreASweep() throws Exception {
    Subject a = Subject.load(new SummaryFile().set("rate", "200").write(dir.resolve("a")));
    Subject b = Subject.load(new SummaryFile().set("rate", "800").write(dir.resolve("b")));
    Comparability.Verdict verdict = Comparability.check(List.of(a, b));
    assertThat(verdict.refused()).isEmpty();
    assertThat(verdict.swept()).containsExactly("rate");
  }

  @Test
  void aSweepDoesNotExcuseAnotherLoadKey() throws Exception {
    Subject a = Subject.load(new SummaryFile().set("rate", "200").write(dir.resolve("a")));
    Subject b = Subject.load(new SummaryFile().set("rate", "800").set("users", "8").write(dir.resolve("b")));
    Comparability.Verdict verdict = Comparability.check(List.of(a, b));
    assertThat(verdict.refused()).containsExactly("users: a=4, b=8");
    assertThat(verdict.swept()).containsExactly("rate");
  }

  @Test
  void anOpenLoopAgainstAClosedOneIsNoSweep() throws Exception {
    Subject a = Subject.load(new SummaryFile().write(dir.resolve("a")));
    Subject b = Subject.load(new SummaryFile().set("rate", "800").write(dir.resolve("b")));
    assertThat(Comparability.check(List.of(a, b)).refused()).containsExactly("rate: a=, b=800");
  }

  @Test
  void aGroupWhoseRunsDifferInTheRateIsNoPointOfASweep() throws Exception {
    new SummaryFile().set("rate", "200").write(dir.resolve("g/run-1"));
    new SummaryFile().set("rate", "400").write(dir.resolve("g/run-2"));
    Subject a = Subject.load(new SummaryFile().set("rate", "200").write(dir.resolve("a")));
    assertThat(Comparability.check(List.of(a, Subject.load(dir.resolve("g")))).refused())
        .containsExactly("rate: a=200, g/run-2=400");
  }

  @Test
  void theKeyASweepNamesIsSweptLikeTheRate() throws Exception {
    Subject a = Subject.load(new SummaryFile().set("sweep.key", "users").write(dir.resolve("a")));
    Subject b = Subject.load(new SummaryFile().set("sweep.key", "users").set("users", "16").write(dir.resolve("b")));
    Comparability.Verdict verdict = Comparability.check(List.of(a, b));
    assertThat(verdict.refused()).isEmpty();
    assertThat(verdict.swept()).containsExactly("users");
  }

  @Test
  void twoRunsOfTheSameNameAreNamedByTheirGroupInTheDifferences() throws Exception {
    Subject a = Subject.load(new SummaryFile().write(dir.resolve("hdd/run-1")));
    Subject b = Subject.load(new SummaryFile().set("users", "8").write(dir.resolve("ssd/run-1")));
    assertThat(Comparability.differences(List.of(a, b))).containsExactly("users: hdd/run-1=4, ssd/run-1=8");
  }
}
