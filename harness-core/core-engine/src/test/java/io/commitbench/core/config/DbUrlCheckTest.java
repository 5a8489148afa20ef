package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.bind;
import static io.commitbench.core.config.ConfigTestSupport.binder;
import static io.commitbench.core.config.ConfigTestSupport.paperWith;
import static io.commitbench.core.config.ConfigTestSupport.problems;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * db.url as its dialect judges it before anything runs: a password
 * inside it is refused, shown masked, pointing to the two password sources; a port that is not
 * a number is refused rather than failing the run at its first connect.
 */
class DbUrlCheckTest {

  private static final String USE_THE_SOURCES = "; allowed: a URL without a password, the password given by"
      + " db.password.env=<variable> or db.password.file=<path>";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "jdbc:postgresql://db/test?user=bench&password=hunter2&ssl=false"
          + " | jdbc:postgresql://db/test?user=bench&password=***&ssl=false | a password= setting",
      "jdbc:postgresql://bench:hunter2@db/test | jdbc:postgresql://bench:***@db/test | user:password@ before the host",
      "jdbc:h2:tcp://db/test;USER=sa;PASSWORD=hunter2;MODE=x | jdbc:h2:tcp://db/test;USER=sa;PASSWORD=***;MODE=x"
          + " | a password= setting"})
  void aPasswordInTheUrlIsRefusedShownMasked(String url, String masked, String where) {
    assertThat(problems(() -> bind(paperWith("db.url=" + url)))).containsExactly("db.url=" + masked
        + ": carries a password (" + where + "), which the driver would use for every login, each actor's own"
        + " included, and which would be shown with errors" + USE_THE_SOURCES);
  }

  @Test
  void anOverrideIsJudgedTheSame() {
    assertThat(problems(() -> binder().bind(paperWith(), Map.of("db.url", "jdbc:postgresql://db/test?password=hunter2"))))
        .singleElement().asString().startsWith("db.url=jdbc:postgresql://db/test?password=***: carries a password")
        .doesNotContain("hunter2");
  }

  @Test
  void aPortThatIsNotANumberIsRefused() {
    assertThat(problems(() -> bind(paperWith("db.url=jdbc:postgresql://db:5432x/test")))).containsExactly(
        "db.url=jdbc:postgresql://db:5432x/test: port '5432x' of host db is not a port number;"
            + " allowed: a whole number from 1 to 65535 after the host's ':', or no ':' for the default port");
  }

  @Test
  void aUrlWithoutEitherIsBound() throws ConfigException {
    assertThat(bind(paperWith("db.url=jdbc:postgresql://bench@db:5432/test?user=bench&ssl=false")).dbUrl())
        .isEqualTo("jdbc:postgresql://bench@db:5432/test?user=bench&ssl=false");
  }
}
