package io.commitbench.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.key.Key;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeySuggestionTest {

  private static final List<String> KEYS = new ConfigBinder(TestDialects.registry(), name -> null).keys().stream().map(Key::name).toList();

  @ParameterizedTest(name = "distance({0}, {1}) = {2}")
  @CsvSource({
      "tablename, tablename, 0",
      "tablenam, tablename, 1",
      "tablname, tablename, 1",
      "tablenamee, tablename, 1",
      "tablenbme, tablename, 1",
      "kitten, sitting, 3",
      "flaw, lawn, 2",
      "ab, ba, 2",
      "'', abc, 3",
      "abc, '', 3",
      "'', '', 0"})
  void levenshteinDistance(String a, String b, int expected) {
    assertThat(KeySuggestion.distance(a, b)).isEqualTo(expected);
    assertThat(KeySuggestion.distance(b, a)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "tablenam, tablename",
      "tabelname, tablename",
      "user, users",
      "USERS, users",
      "repeats, repeat",
      "tableinsertnumbers, tableinsertnumber",
      "tabledeletenumer, tabledeletenumber",
      "db.ulr, db.url",
      "dbtype, db.type",
      "autocomit, autocommit",
      "resultdir, results.dir",
      "runid, run.id",
      "statement_timeout, statement.timeout"})
  void closestKnownKey(String unknown, String expected) {
    assertThat(KeySuggestion.closest(unknown, KEYS)).contains(expected);
  }

  @ParameterizedTest(name = "{0} -> nothing")
  @CsvSource({"colour", "threads", "x", "database", "password"})
  void nothingCloseEnough(String unknown) {
    assertThat(KeySuggestion.closest(unknown, KEYS)).isEmpty();
  }

  @Test
  void tiesGoToTheAlphabeticallyFirst() {
    assertThat(KeySuggestion.closest("ab", List.of("ac", "aa"))).contains("aa");
  }

  @Test
  void shortKeysAllowTwoEdits() {
    assertThat(KeySuggestion.closest("abcxy", List.of("abc"))).contains("abc");
    assertThat(KeySuggestion.closest("abcxyz", List.of("abc"))).isEmpty();
  }

  @Test
  void noKnownKeysNoSuggestion() {
    assertThat(KeySuggestion.closest("users", List.of())).isEmpty();
  }
}
