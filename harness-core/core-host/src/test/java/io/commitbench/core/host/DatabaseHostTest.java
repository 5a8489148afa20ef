package io.commitbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.UrlHosts;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whether the hosts a URL names are this host ("db-box", 192.168.1.20 in these tests), from the
 * hosts as a dialect read them: no dialect here, so the decision is tested apart from any kind's
 * URL syntax.
 */
class DatabaseHostTest {

  private static final Set<String> THIS_HOST = Set.of("db-box", "192.168.1.20");

  private static DatabaseHost where(UrlHosts hosts) {
    return DatabaseHost.of(hosts, THIS_HOST);
  }

  /** Hosts written {@code a,b}, as a URL with several addresses names them. */
  private static UrlHosts hosts(String names) {
    return UrlHosts.of(Arrays.stream(names.split(",")).map(String::strip).toList());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "127.0.0.1            | 127.0.0.1    | 127.0.0.1 is a loopback address",
      "127.8.9.10           | 127.8.9.10   | 127.8.9.10 is a loopback address",
      "localhost            | localhost    | localhost is a loopback address",
      "LocalHost            | LocalHost    | LocalHost is a loopback address",
      "::1                  | ::1          | ::1 is a loopback address",
      "db-box               | db-box       | db-box is this host",
      "DB-Box               | DB-Box       | DB-Box is this host",
      "192.168.1.20         | 192.168.1.20 | 192.168.1.20 is this host",
      "127.0.0.1, localhost | 127.0.0.1    | 127.0.0.1 is a loopback address",
  })
  void thisHost(String names, String host, String explanation) {
    assertThat(where(hosts(names))).isEqualTo(new DatabaseHost(host, true, explanation));
  }

  @Test
  void noHostMeansEmbeddedOrTheLocalDefault() {
    DatabaseHost where = where(UrlHosts.of(List.of()));
    assertThat(where.thisHost()).isTrue();
    assertThat(where.explanation()).isEqualTo("the JDBC URL names no host (an embedded database or the driver's local default)");
  }

  @Test
  void aUnixSocketIsThisHost() {
    assertThat(where(UrlHosts.unixSocket())).isEqualTo(new DatabaseHost("", true, "the JDBC URL connects through a unix socket"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "db1.example.com           | db1.example.com",
      "localhost, db2            | db2",
      "db-box, 10.0.0.7          | 10.0.0.7",
      "192.168.1.21              | 192.168.1.21",
  })
  void anotherHost(String names, String host) {
    assertThat(where(hosts(names)))
        .isEqualTo(new DatabaseHost(host, false, "database host " + host + " is not this host"));
  }

  @ParameterizedTest
  @CsvSource({"bench_high"})
  void aTnsAliasLeavesTheHostUnknown(String alias) {
    DatabaseHost where = where(UrlHosts.alias(alias));
    assertThat(where.thisHost()).isFalse();
    assertThat(where.explanation()).contains("'bench_high'").contains("not known");
  }
}
