package io.commitbench.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.key.Key;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.workload.WorkloadRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ParameterKeysTest {

  private static final List<Key> ENGINE = ParameterKeys.all(List.of("h2", "postgresql"), List.of("paper", "commit"));
  private static final List<Key> KEYS = allKeys();

  /** The engine's keys and every workload's own. */
  private static List<Key> allKeys() {
    List<Key> all = new java.util.ArrayList<>(ENGINE);
    WorkloadRegistry.load().all().forEach(w -> all.addAll(w.keys()));
    return List.copyOf(all);
  }

  static List<Key> keys() {
    return KEYS;
  }

  @Test
  void noEngineKeyIsRequiredOnItsOwn() {
    assertThat(ENGINE).noneMatch(Key::required);
  }

  @Test
  void aPaperRunRequiresThePapersKeysAndUsersAndSleep() {
    List<Key> paper = new ConfigBinder(TestDialects.registry(), WorkloadRegistry.load(), name -> null).keys();
    assertThat(paper).filteredOn(Key::required).extracting(Key::name).containsExactlyInAnyOrder(
        "users", "sleep", "tablename", "tableinsertnumber", "tableselectnumber", "tableupdatenumber",
        "tabledeletenumber");
    assertThat(paper).extracting(Key::name).contains("repeat", "autocommit", "commit.interval", "text.length");
  }

  @Test
  void workloadKeysDoNotClashWithTheEngines() {
    List<String> engine = ENGINE.stream().map(Key::name).toList();
    WorkloadRegistry.load().all().forEach(w -> assertThat(w.keys()).as(w.name())
        .extracting(Key::name).doesNotContainAnyElementsOf(engine));
  }

  @Test
  void namesAreUniqueAndThePasswordKeyIsNotAmongThem() {
    assertThat(ENGINE).extracting(Key::name).doesNotHaveDuplicates().doesNotContain(ParameterKeys.DB_PASSWORD);
  }

  @Test
  void theListIsImmutable() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> KEYS.add(KEYS.get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void dbTypeOffersTheGivenDialects() {
    assertThat(ParameterKeys.all(List.of("mariadb"), List.of("paper")))
        .filteredOn(k -> k.name().equals(ParameterKeys.DB_TYPE)).singleElement()
        .satisfies(k -> assertThat(k.choices()).containsExactly("mariadb"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keys")
  void everyDefaultPassesItsOwnCheck(Key key) {
    key.defaultValue().ifPresent(d -> assertThat(key.parse(d).isOk()).as(key.name() + "=" + d).isTrue());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keys")
  void everyKeyIsDocumented(Key key) {
    assertThat(key.doc()).isNotBlank().endsWith(".");
    assertThat(key.name()).matches("[a-z][a-z.]*");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("keys")
  void numberRangesAreSane(Key key) {
    if (key.type() == Key.Type.INTEGER) {
      assertThat(key.min()).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(key.max());
      assertThat(key.max()).isLessThanOrEqualTo(Integer.MAX_VALUE);
    }
  }
}
