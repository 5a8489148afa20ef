package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.binder;
import static io.commitbench.core.config.ConfigTestSupport.problems;
import static io.commitbench.core.config.ConfigTestSupport.properties;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** sweep.key and sweep.values: a run per value, every value checked as a run of its own before anything runs. */
class SweepKeysTest {

  private static Properties commitWith(String... lines) {
    List<String> all = new ArrayList<>(List.of("workload=commit", "duration=5"));
    all.addAll(Arrays.asList(lines));
    return properties(all);
  }

  private static RunPlan plan(Properties file) throws ConfigException {
    return binder().bindPlan(file, Map.of());
  }

  @Test
  void aRateSweepBindsEveryValueWithTheSameNamesAndRunId() throws ConfigException {
    RunPlan plan = plan(commitWith("sweep.key=rate", "sweep.values=100, 200,400", "run.id=knee"));
    assertThat(plan.sweep()).isPresent();
    Sweep sweep = plan.sweep().get();
    assertThat(sweep.key()).isEqualTo("rate");
    assertThat(sweep.values()).containsExactly("100", "200", "400");
    assertThat(sweep.points()).extracting(p -> p.config().runControl().rate()).containsExactly(100L, 200L, 400L);
    assertThat(sweep.points()).extracting(p -> p.folder("rate")).containsExactly("rate=100", "rate=200", "rate=400");
    assertThat(sweep.points()).allSatisfy(p -> {
      assertThat(p.config().tablePrefix()).isEqualTo(plan.config().tablePrefix());
      assertThat(p.config().userPrefix()).isEqualTo(plan.config().userPrefix());
      assertThat(p.config().namesDerived()).isTrue();
      assertThat(p.config().runId()).isEqualTo("knee");
      assertThat(p.config().effective()).containsEntry("sweep.key", "rate");
    });
    assertThat(sweep.setupFitsEveryValue()).isTrue();
  }

  @Test
  void usersAndAWorkloadKeyThatTakesANumberCanBeSweptAndSetUpEachValueAfresh() throws ConfigException {
    Sweep users = plan(commitWith("sweep.key=users", "sweep.values=1,2,4")).sweep().orElseThrow();
    assertThat(users.points()).extracting(p -> p.config().users()).containsExactly(1, 2, 4);
    assertThat(users.setupFitsEveryValue()).isFalse();
    Sweep rows = plan(commitWith("sweep.key=commit.rows", "sweep.values=1,10")).sweep().orElseThrow();
    assertThat(rows.points()).extracting(p -> p.config().settings().integer("commit.rows")).containsExactly(1, 10);
    assertThat(rows.setupFitsEveryValue()).isFalse();
  }

  @Test
  void withoutASweepThePlanHasNone() throws ConfigException {
    assertThat(plan(commitWith()).sweep()).isEmpty();
  }

  @Test
  void anUnknownKeyIsRefusedWithTheKeysThatCanBeSwept() {
    assertThat(problems(() -> plan(commitWith("sweep.key=rat", "sweep.values=1,2")))).containsExactly(
        "sweep.key=rat: not a key of this run; did you mean 'rate'? allowed: a key of this run that takes a number:"
            + " rate, users, think.time, sleep, duration, transactions, warmup, retry.max, commit.rows, row.bytes,"
            + " commit.preload");
  }

  @Test
  void aKeyThatIsNoNumberOfTheLoadIsRefused() {
    assertThat(problems(() -> plan(commitWith("sweep.key=db.url", "sweep.values=a,b")))).singleElement()
        .asString().startsWith("sweep.key=db.url: cannot be swept").contains("allowed: a key of this run that takes"
            + " a number: rate, users");
    assertThat(problems(() -> plan(commitWith("sweep.key=commit.mode", "sweep.values=insert,update"))))
        .singleElement().asString().startsWith("sweep.key=commit.mode: cannot be swept");
  }

  @Test
  void aValueTheKeyDoesNotAllowIsRefusedNamingItAndWhatIsAllowed() {
    assertThat(problems(() -> plan(commitWith("sweep.key=rate", "sweep.values=100,abc,0")))).containsExactly(
        "sweep.values=100,abc,0: 'abc' is not a value of rate: not a whole number; allowed: a whole number from 1 to"
            + " 10000000",
        "sweep.values=100,abc,0: '0' is not a value of rate: out of range; allowed: a whole number from 1 to 10000000");
  }

  @Test
  void emptyAndRepeatedValuesAreRefused() {
    assertThat(problems(() -> plan(commitWith("sweep.key=rate", "sweep.values=100,,200,100")))).containsExactly(
        "sweep.values=100,,200,100: has an empty value; allowed: values separated by single commas (100,200,400)",
        "sweep.values=100,,200,100: '100' is given twice; allowed: each value once (runs=N repeats each value)");
  }

  @Test
  void oneKeyWithoutTheOtherIsRefused() {
    assertThat(problems(() -> plan(commitWith("sweep.key=rate")))).singleElement().asString()
        .startsWith("sweep.values: missing: sweep.key=rate needs the values to run; allowed: a comma-separated list");
    assertThat(problems(() -> plan(commitWith("sweep.values=1,2")))).containsExactly(
        "sweep.values=1,2: has no effect without sweep.key; allowed: set sweep.key to the key to sweep, or leave"
            + " sweep.values out");
  }

  @Test
  void aValueThatMakesTheRunInvalidIsRefusedAsTheSweepsBeforeAnythingRuns() {
    // think.time beside rate is refused for each value: the run at that value would be.
    assertThat(problems(() -> plan(commitWith("rate=100", "sweep.key=think.time", "sweep.values=5,10"))))
        .containsExactly(
            "sweep.values=5,10: with think.time=5 the run is not valid: think.time=5: given with rate, which already"
                + " sets when each transaction starts; allowed: rate or think.time, not both",
            "sweep.values=5,10: with think.time=10 the run is not valid: think.time=10: given with rate, which already"
                + " sets when each transaction starts; allowed: rate or think.time, not both");
  }

  @Test
  void aSweepThatSetsUpEachValueAfreshRefusesCleanupFalse() {
    assertThat(problems(() -> plan(commitWith("cleanup=false", "sweep.key=users", "sweep.values=1,2"))))
        .singleElement().asString().startsWith("sweep.key=users: with cleanup=false the second value would find the"
            + " first value's tables");
  }

  @Test
  void runsSetupMeansSomethingInASweepOfOneRunEach() throws ConfigException {
    assertThat(plan(commitWith("runs.setup=fresh", "sweep.key=rate", "sweep.values=1,2")).sweep()).isPresent();
  }

  @Test
  void bindChecksTheSweepToo() {
    assertThat(problems(() -> binder().bind(commitWith("sweep.key=rate", "sweep.values=x"), Map.of())))
        .singleElement().asString().startsWith("sweep.values=x: 'x' is not a value of rate");
  }
}
