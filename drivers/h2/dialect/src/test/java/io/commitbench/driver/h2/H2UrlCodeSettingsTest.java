package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.DbUrlJudgement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * H2 URL settings that run SQL or load classes are refused before anything connects, naming the
 * setting and db.url.trusted; H2 runs every other setting as {@code SET name value}, so a value
 * that is more than a plain word (an escaped ';', a function call) is refused too.
 */
class H2UrlCodeSettingsTest {

  private final H2Dialect h2 = new H2Dialect();

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "jdbc:h2:mem:x;INIT=RUNSCRIPT FROM 'http://example.com/a.sql' | INIT",
      "jdbc:h2:mem:x;init=CREATE TABLE made(x INT) | init",
      "jdbc:h2:tcp://db/test;MODE=PostgreSQL;INIT=CALL 1 | INIT",
      "jdbc:h2:file:/tmp/x;DATABASE_EVENT_LISTENER='com.example.Listener' | DATABASE_EVENT_LISTENER",
      "jdbc:h2:mem:x;JAVA_OBJECT_SERIALIZER='com.example.Serializer' | JAVA_OBJECT_SERIALIZER"})
  void aSettingThatRunsCodeIsRefusedByName(String url, String setting) {
    assertThat(DbUrlJudgement.problems(h2, url)).singleElement().asString()
        .contains(": sets " + setting + ", which ")
        .endsWith("allowed: a URL without " + setting + ", or db.url.trusted=true for a URL whose settings may run"
            + " code");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "jdbc:h2:mem:x;LOCK_TIMEOUT=1\\;CREATE TABLE made(x INT) | LOCK_TIMEOUT",
      "jdbc:h2:mem:x;LOCK_TIMEOUT=CSVWRITE('/tmp/made.csv'\\, 'SELECT 1') | LOCK_TIMEOUT",
      "jdbc:h2:mem:x;CACHE_SIZE=(SELECT 1) | CACHE_SIZE"})
  void aSettingWhoseValueIsSqlIsRefused(String url, String setting) {
    assertThat(DbUrlJudgement.problems(h2, url)).singleElement().asString()
        .contains(": sets " + setting + ", which H2 runs as SQL (SET " + setting + " <value>), and its value is more"
            + " than a plain value");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "jdbc:h2:mem:x;DB_CLOSE_DELAY=-1;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE",
      "jdbc:h2:file:/tmp/results/h2/commitbench;NON_KEYWORDS=VALUE,KEY;CACHE_SIZE=65536",
      "jdbc:h2:tcp://db:9092/~/test;IFEXISTS=TRUE;TRACE_LEVEL_FILE=0",
      "jdbc:h2:mem:x"})
  void plainSettingsAreAccepted(String url) {
    assertThat(DbUrlJudgement.problems(h2, url)).isEmpty();
  }

  @Test
  void aTrustedUrlMayCarryThem() {
    assertThat(DbUrlJudgement.problems(h2, "jdbc:h2:mem:x;INIT=CREATE TABLE made(x INT)", "db.url.trusted=true"))
        .isEmpty();
  }
}
