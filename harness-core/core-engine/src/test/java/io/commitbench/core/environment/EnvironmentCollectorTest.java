package io.commitbench.core.environment;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.host.DatabaseHost;
import io.commitbench.core.host.StorageFacts;
import io.commitbench.core.host.StorageLocator;
import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector's decisions: which log locations get device facts, and what every fact that
 * cannot be read says. The storage side runs over a one-line mount table and an empty {@code /sys}.
 */
class EnvironmentCollectorTest {

  private static final DatabaseHost LOCAL = new DatabaseHost("127.0.0.1", true, "127.0.0.1 is a loopback address");
  private static final DatabaseHost REMOTE = new DatabaseHost("db1", false, "database host db1 is not this host");

  @TempDir Path temp;

  private StorageLocator locator;
  private Path wal;

  @BeforeEach
  void storage() throws IOException {
    Path mountinfo = temp.resolve("mountinfo");
    Files.writeString(mountinfo, "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard\n");
    locator = new StorageLocator(mountinfo, Files.createDirectories(temp.resolve("empty-sys")));
    wal = Files.createDirectories(temp.resolve("pg_wal"));
  }

  @Test
  void aLocalLogLocationGetsItsStorageFactsAndGroupsComeInOrder() {
    List<Fact> facts = collect(LOCAL, admin -> List.of(Fact.of("log_location", "wal_directory", wal.toString()),
        Fact.of("durability", "fsync", "on"), Fact.of("server", "product", "P")));

    assertThat(facts.stream().map(Fact::group).distinct())
        .containsExactly("harness", "host", "server", "durability", "log_location", "log_device");
    Map<String, Fact> byKey = byKey(facts);
    assertThat(byKey.get("server/on_this_host").value()).isEqualTo("yes: 127.0.0.1 is a loopback address");
    assertThat(byKey.get("host/kernel").value()).isEqualTo("6.1");
    assertThat(byKey.get("log_device/wal_directory.filesystem").value()).isEqualTo("ext4");
    assertThat(byKey.get("log_device/wal_directory.real_path").value()).isEqualTo(wal.toString());
    assertThat(byKey.get("log_device/wal_directory.rotational").unknownReason())
        .isEqualTo("device 254:0 of ext4 on / is not in /sys");
    assertThat(facts.stream().filter(f -> f.group().equals("log_device"))).hasSize(StorageFacts.ATTRIBUTES.size());
    assertThat(byKey.get("harness/version").known()).isTrue();
  }

  @Test
  void anotherHostLeavesEveryDeviceFactUnknown() {
    List<Fact> facts = collect(REMOTE, admin -> List.of(Fact.of("log_location", "wal_directory", wal.toString())));
    assertThat(facts.stream().filter(f -> f.group().equals("log_device")))
        .hasSize(StorageFacts.ATTRIBUTES.size())
        .allSatisfy(f -> assertThat(f.unknownReason()).isEqualTo("database host db1 is not this host"));
    assertThat(byKey(facts).get("server/on_this_host").value()).isEqualTo("no: database host db1 is not this host");
  }

  @Test
  void aLocationThatIsNotHereOrNotAbsoluteOrNotKnownSaysWhy() {
    List<Fact> facts = collect(LOCAL, admin -> List.of(
        Fact.of("log_location", "inside_container", "/var/lib/postgresql/data/pg_wal-commitbench-absent"),
        Fact.of("log_location", "relative", "./"),
        Fact.unknown("log_location", "refused", "permission denied")));
    Map<String, Fact> byKey = byKey(facts);
    assertThat(byKey.get("log_device/inside_container.filesystem").unknownReason())
        .isEqualTo("/var/lib/postgresql/data/pg_wal-commitbench-absent does not exist on this host"
            + " (is the database in a container or VM with a filesystem of its own?)");
    assertThat(byKey.get("log_device/relative.device").unknownReason()).isEqualTo("'./' is not an absolute path");
    assertThat(byKey.get("log_device/refused.rotational").unknownReason())
        .isEqualTo("the log location is unknown: permission denied");
  }

  @Test
  void aDialectThatFailsLeavesEveryServerGroupUnknownWithTheMessage() {
    List<Fact> facts = collect(LOCAL, admin -> {
      throw new SQLException("ORA-01031: insufficient privileges\nmore");
    });
    Map<String, Fact> byKey = byKey(facts);
    for (String key : List.of("server/product", "server/version", "durability/settings", "log_location/log_files")) {
      assertThat(byKey.get(key).unknownReason()).as(key)
          .isEqualTo("facts-only: cannot read the server's facts: ORA-01031: insufficient privileges");
    }
    assertThat(byKey.get("log_device/log_files.filesystem").unknownReason()).startsWith("the log location is unknown: ");
  }

  @Test
  void hostFactsThatFailAreUnknown() {
    List<Fact> facts = new EnvironmentCollector(locator, () -> {
      throw new IllegalStateException("no /proc");
    }, url -> LOCAL).facts("jdbc:x", new FactsOnlyTestDialect(admin -> List.of()), null);
    assertThat(byKey(facts).get("host/host").unknownReason()).isEqualTo("cannot read the host's facts: java.lang.IllegalStateException: no /proc");
  }

  @Test
  void theRealCollectorOnAnEmbeddedDatabaseNeverThrows() throws SQLException {
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:collector", "sa", "")) {
      List<Fact> facts = EnvironmentCollector.collect("jdbc:h2:mem:collector", new FactsOnlyTestDialect(null), h2);
      Map<String, Fact> byKey = byKey(facts);
      assertThat(byKey.get("server/product").value()).isEqualTo("H2");
      assertThat(byKey.get("server/on_this_host").value()).startsWith("yes: ");
      assertThat(byKey).containsKeys("harness/commit", "host/kernel", "host/cpu_count", "host/java");
    }
  }

  private List<Fact> collect(DatabaseHost where, FactsOnlyTestDialect.Facts serverFacts) {
    return new EnvironmentCollector(locator, () -> List.of(Fact.of("host", "kernel", "6.1")), url -> where)
        .facts("jdbc:x://h/db", new FactsOnlyTestDialect(serverFacts), null);
  }

  private static Map<String, Fact> byKey(List<Fact> facts) {
    return facts.stream().collect(Collectors.toMap(f -> f.group() + "/" + f.name(), f -> f, (a, b) -> a));
  }
}
