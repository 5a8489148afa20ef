package io.commitbench.driver.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.DbUrlJudgement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MariaDB Connector/J settings that run SQL when connecting or name a class for the driver to load
 * are refused before anything connects, naming the setting (Connector/J reads names in any case).
 */
class MariadbUrlCodeSettingsTest {

  private final MariadbDialect mariadb = new MariadbDialect();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"initSql", "INITSQL", "sessionVariables", "socketFactory"})
  void aSettingThatRunsSqlOrLoadsAClassIsRefused(String setting) {
    String url = "jdbc:mariadb://db:3306/test?useSsl=false&" + setting + "=x&connectTimeout=5000";
    assertThat(DbUrlJudgement.problems(mariadb, url)).singleElement().asString()
        .contains(": sets " + setting + ", which ")
        .endsWith("allowed: a URL without " + setting + ", or db.url.trusted=true for a URL whose settings may run"
            + " code");
  }

  @Test
  void tlsFilesAndPlainSettingsAreAccepted() {
    assertThat(DbUrlJudgement.problems(mariadb, "jdbc:mariadb://db/test?sslMode=verify-full"
        + "&serverSslCert=/etc/ca.pem&trustStore=/etc/ts.jks&allowMultiQueries=false&useServerPrepStmts=true"))
        .isEmpty();
  }

  @Test
  void aTrustedUrlMayCarryThem() {
    assertThat(DbUrlJudgement.problems(mariadb, "jdbc:mariadb://db/test?sessionVariables=sql_mode=ANSI",
        "db.url.trusted=true")).isEmpty();
  }
}
