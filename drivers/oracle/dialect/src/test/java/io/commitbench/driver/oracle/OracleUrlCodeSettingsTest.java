package io.commitbench.driver.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.DbUrlJudgement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ojdbc settings that read further connection settings from a file or a provider, run PL/SQL when
 * a session is attached, or name a class to load, are refused before anything connects, naming
 * them; wallets and key stores (read as keys only) are not. No Oracle server: the URL alone.
 */
class OracleUrlCodeSettingsTest {

  private final OracleDialect oracle = new OracleDialect();

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "jdbc:oracle:thin:@db:1521/FREEPDB1?TNS_ADMIN=/tmp/other | TNS_ADMIN",
      "jdbc:oracle:thin:@db:1521/FREEPDB1?oracle.net.tns_admin=/tmp/other | oracle.net.tns_admin",
      "jdbc:oracle:thin:@db:1521/FREEPDB1?oracle.jdbc.config.file=/tmp/p.properties | oracle.jdbc.config.file",
      "jdbc:oracle:thin:@db:1521/FREEPDB1?oracle.jdbc.DRCPPLSQLCallback=app.fix | oracle.jdbc.DRCPPLSQLCallback",
      "jdbc:oracle:thin:@db:1521/FREEPDB1?oracle.net.radius_challenge_response_handler=a.B"
          + " | oracle.net.radius_challenge_response_handler",
      "jdbc:oracle:thin:@config-file:///tmp/db.json | config-file://"})
  void aSettingThatBringsSettingsOrCodeIsRefused(String url, String setting) {
    assertThat(DbUrlJudgement.problems(oracle, url)).singleElement().asString()
        .contains(": sets " + setting + ", which ")
        .endsWith("allowed: a URL without " + setting + ", or db.url.trusted=true for a URL whose settings may run"
            + " code");
  }

  @Test
  void walletsAndPlainSettingsAreAccepted() {
    assertThat(DbUrlJudgement.problems(oracle, "jdbc:oracle:thin:@tcps://db:2484/FREEPDB1"
        + "?wallet_location=/etc/wallet&oracle.net.ssl_server_dn_match=true")).isEmpty();
  }

  @Test
  void aTrustedUrlMayCarryThem() {
    assertThat(DbUrlJudgement.problems(oracle, "jdbc:oracle:thin:@adb_high?TNS_ADMIN=/etc/wallet",
        "db.url.trusted=true")).isEmpty();
  }
}
