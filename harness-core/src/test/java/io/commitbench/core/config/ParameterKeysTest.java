package io.commitbench.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ParameterKeysTest {

  private static final List<Key> KEYS = ParameterKeys.all(List.of("h2", "postgresql"));

  static List<Key> keys() {
    return KEYS;
  }

  @Test
  void thePapersEightKeysComeFirstAndAreRequired() {
    assertThat(KEYS.subList(0, 8)).extracting(Key::name).containsExactly(
        "users", "sleep", "tablename", "tableinsertnumber", "tableselectnumber", "tableupdatenumber",
        "tabledeletenumber", "repeat");
    assertThat(KEYS.subList(0, 8)).allMatch(Key::required);
    assertThat(KEYS.subList(8, KEYS.size())).noneMatch(Key::required);
  }

  @Test
  void namesAreUniqueAndThePasswordKeyIsNotAmongThem() {
    assertThat(KEYS).extracting(Key::name).doesNotHaveDuplicates().doesNotContain(ParameterKeys.DB_PASSWORD);
  }

  @Test
  void theListIsImmutable() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> KEYS.add(KEYS.get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void dbTypeOffersTheGivenDialects() {
    assertThat(ParameterKeys.all(List.of("mariadb")))
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
