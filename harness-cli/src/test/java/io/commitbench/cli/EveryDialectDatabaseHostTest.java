package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.host.DatabaseHost;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which JDBC URLs name a database on this host ("db-box", 192.168.1.20 in these tests), each
 * kind's URLs as its dialect reads their hosts ({@code Dialect.hosts}) and DatabaseHost decides.
 * Here, where every dialect is on the class path, so one table covers them all.
 */
class EveryDialectDatabaseHostTest {

  private static final Set<String> THIS_HOST = Set.of("db-box", "192.168.1.20");
  private static final DialectRegistry DIALECTS = DialectRegistry.load();

  private static DatabaseHost where(String url) {
    return DatabaseHost.of(DIALECTS.forUrl(url).orElseThrow().hosts(url), THIS_HOST);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "jdbc:postgresql://127.0.0.1:5432/test                                  | 127.0.0.1 | 127.0.0.1 is a loopback address",
      "jdbc:postgresql://localhost/test?user=a@b                              | localhost | localhost is a loopback address",
      "jdbc:postgresql://[::1]:5432/test                                      | ::1       | ::1 is a loopback address",
      "jdbc:postgresql://db-box:5432/test                                     | db-box    | db-box is this host",
      "jdbc:postgresql://127.0.0.1:5432,localhost:5433/test                   | 127.0.0.1 | 127.0.0.1 is a loopback address",
      "jdbc:mariadb://192.168.1.20:3306/test                                  | 192.168.1.20 | 192.168.1.20 is this host",
      "jdbc:mariadb://address=(host=localhost)(port=3306)/test                | localhost | localhost is a loopback address",
      "jdbc:h2:tcp://localhost:9092/~/bench                                   | localhost | localhost is a loopback address",
      "jdbc:oracle:thin:@//127.0.0.1:1521/FREEPDB1                            | 127.0.0.1 | 127.0.0.1 is a loopback address",
      "jdbc:oracle:thin:@localhost:1521:FREE                                  | localhost | localhost is a loopback address",
      "jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=127.0.0.1)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=FREE))) | 127.0.0.1 | 127.0.0.1 is a loopback address",
  })
  void thisHost(String url, String host, String explanation) {
    assertThat(where(url)).isEqualTo(new DatabaseHost(host, true, explanation));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "jdbc:h2:file:/var/bench/commitbench",
      "jdbc:h2:mem:bench",
      "jdbc:h2:./bench",
      "jdbc:postgresql:test",
  })
  void noHostMeansEmbeddedOrTheLocalDefault(String url) {
    DatabaseHost where = where(url);
    assertThat(where.thisHost()).isTrue();
    assertThat(where.explanation()).isEqualTo("the JDBC URL names no host (an embedded database or the driver's local default)");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "jdbc:mariadb://localhost/test?localSocket=/run/mysqld/mysqld.sock",
      "jdbc:postgresql://localhost/test?socketFactory=org.newsclub.net.unix.AFUNIXSocketFactory$FactoryArg&socketFactoryArg=/run/postgresql/.s.PGSQL.5432",
  })
  void aUnixSocketIsThisHost(String url) {
    assertThat(where(url).explanation()).isEqualTo("the JDBC URL connects through a unix socket");
    assertThat(where(url).thisHost()).isTrue();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "jdbc:postgresql://db1.example.com:5432/test               | db1.example.com",
      "jdbc:postgresql://localhost:5432,db2:5432/test            | db2",
      "jdbc:mariadb://10.0.0.7/test                              | 10.0.0.7",
      "jdbc:oracle:thin:@//oracle.lab:1521/FREEPDB1              | oracle.lab",
      "jdbc:oracle:thin:@oracle.lab:1521:FREE                    | oracle.lab",
      "jdbc:h2:tcp://build-server/~/bench                        | build-server",
      "jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS=(HOST=rac1)(PORT=1521))) | rac1",
  })
  void anotherHost(String url, String host) {
    assertThat(where(url))
        .isEqualTo(new DatabaseHost(host, false, "database host " + host + " is not this host"));
  }

  @ParameterizedTest
  @CsvSource({"jdbc:oracle:thin:@bench_high"})
  void aTnsAliasLeavesTheHostUnknown(String url) {
    DatabaseHost where = where(url);
    assertThat(where.thisHost()).isFalse();
    assertThat(where.explanation()).contains("'bench_high'").contains("not known");
  }
}
