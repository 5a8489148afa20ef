package io.commitbench.driver.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.DbUrlJudgement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * pgjdbc settings that name a class for the driver to load and construct, or a file it writes,
 * are refused before anything connects, naming the setting; TLS files and server options are not.
 */
class PostgresqlUrlCodeSettingsTest {

  private final PostgresqlDialect pg = new PostgresqlDialect();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"socketFactory", "sslfactory", "sslhostnameverifier", "sslpasswordcallback",
      "authenticationPluginClassName", "connectExecutor", "xmlFactoryFactory", "loggerFile"})
  void aSettingThatLoadsAClassOrWritesAFileIsRefused(String setting) {
    String url = "jdbc:postgresql://db:5432/test?ssl=true&" + setting + "=org.example.Gadget&sslmode=require";
    assertThat(DbUrlJudgement.problems(pg, url)).singleElement().asString()
        .contains(": sets " + setting + ", which ")
        .endsWith("allowed: a URL without " + setting + ", or db.url.trusted=true for a URL whose settings may run"
            + " code");
  }

  @Test
  void everySuchSettingIsNamed() {
    assertThat(DbUrlJudgement.problems(pg, "jdbc:postgresql://db/test?socketFactory=a.B&sslfactory=c.D"))
        .hasSize(2);
  }

  @Test
  void tlsFilesServerOptionsAndPlainSettingsAreAccepted() {
    assertThat(DbUrlJudgement.problems(pg, "jdbc:postgresql://db/test?sslmode=verify-full&sslcert=/etc/c.pem"
        + "&sslkey=/etc/k.pk8&sslrootcert=/etc/root.pem&options=-c%20search_path%3Dbench&ApplicationName=cb"))
        .isEmpty();
  }

  @Test
  void aTrustedUrlMayCarryThem() {
    assertThat(DbUrlJudgement.problems(pg, "jdbc:postgresql://db/test?sslfactory=org.postgresql.ssl.NonValidatingFactory",
        "db.url.trusted=true")).isEmpty();
  }
}
