package io.commitbench.core.key;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RedactionTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      // password parameters, in the separators JDBC URLs use
      "jdbc:postgresql://db/test?password=x&a=b | jdbc:postgresql://db/test?password=***&a=b",
      "jdbc:postgresql://db/test?a=b&password=x | jdbc:postgresql://db/test?a=b&password=***",
      "jdbc:h2:tcp://db/test;password=x; | jdbc:h2:tcp://db/test;password=***;",
      "jdbc:h2:tcp://db/test;USER=sa;PASSWORD=x;MODE=PostgreSQL | jdbc:h2:tcp://db/test;USER=sa;PASSWORD=***;MODE=PostgreSQL",
      "jdbc:mariadb://db/test?user=u&pwd=x | jdbc:mariadb://db/test?user=u&pwd=***",
      "jdbc:mariadb://db/test?passwd=x,other=1 | jdbc:mariadb://db/test?passwd=***,other=1",
      "jdbc:postgresql://db/test?sslpassword=x&ssl=true | jdbc:postgresql://db/test?sslpassword=***&ssl=true",
      "jdbc:oracle:thin:@(DESCRIPTION=(PASSWORD=x)(HOST=db)) | jdbc:oracle:thin:@(DESCRIPTION=(PASSWORD=***)(HOST=db))",
      // user:password@host
      "jdbc:postgresql://user:pw@host/db | jdbc:postgresql://user:***@host/db",
      "jdbc:mariadb://user:pw@host:3306/db?a=b | jdbc:mariadb://user:***@host:3306/db?a=b",
      "jdbc:mariadb://user:p@ss@host/db | jdbc:mariadb://user:***@host/db",
      // Oracle's user/password@
      "jdbc:oracle:thin:scott/tiger@host:1521/XE | jdbc:oracle:thin:scott/***@host:1521/XE",
      "jdbc:oracle:thin:scott/tiger@//host:1521/svc | jdbc:oracle:thin:scott/***@//host:1521/svc",
      "jdbc:oracle:thin:scott/ti@ger@host:1521/XE | jdbc:oracle:thin:scott/***@host:1521/XE",
      "jdbc:oracle:thin:scott/\"p/w@x\"@host:1521/XE | jdbc:oracle:thin:scott/***@host:1521/XE",
      "jdbc:oracle:thin:scott/tiger@host:1521/XE?a=b@c | jdbc:oracle:thin:scott/***@host:1521/XE?a=b@c",
      // both kinds at once
      "jdbc:postgresql://user:pw@host/db?password=pw | jdbc:postgresql://user:***@host/db?password=***"})
  void credentialsAreReplaced(String url, String redacted) {
    assertThat(Redaction.url(url)).isEqualTo(redacted);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {
      "jdbc:postgresql://127.0.0.1:5432/test",
      "jdbc:postgresql://db:5432/test?user=bench&ssl=false",
      "jdbc:h2:file:/tmp/results/h2/commitbench",
      "jdbc:h2:mem:test;DB_CLOSE_DELAY=-1",
      "jdbc:oracle:thin:@//db:1521/FREEPDB1",
      "jdbc:oracle:thin:@db:1521:XE",
      "jdbc:mariadb://db:3306/test",
      ""})
  void urlsWithoutCredentialsAreUnchanged(String url) {
    assertThat(Redaction.url(url)).isEqualTo(url);
  }

  @org.junit.jupiter.api.Test
  void nullStaysNull() {
    assertThat(Redaction.url(null)).isNull();
  }
}
