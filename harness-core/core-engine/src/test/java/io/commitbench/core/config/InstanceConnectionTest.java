package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.binder;
import static io.commitbench.core.config.ConfigTestSupport.paperWith;
import static io.commitbench.core.config.ConfigTestSupport.problems;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstanceConnectionTest {

  @TempDir Path instance;

  @Test
  void aManagedInstanceSuppliesTypeUrlAndUser() throws Exception {
    Files.writeString(instance.resolve("connection.properties"),
        "db.type=postgresql\ndb.url=jdbc:postgresql://127.0.0.1:5499/test\ndb.user=postgres\n");
    BenchmarkConfig c = binder().bind(paperWith("db.instance=" + instance), Map.of());
    assertThat(c.dbType()).isEqualTo("postgresql");
    assertThat(c.dbUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:5499/test");
    assertThat(c.dbUser()).isEqualTo("postgres");
    assertThat(c.effective()).containsEntry("db.instance", instance.toString());
  }

  @Test
  void keysGivenInTheRunWinOverTheInstances() throws Exception {
    Files.writeString(instance.resolve("connection.properties"),
        "db.type=postgresql\ndb.url=jdbc:postgresql://127.0.0.1:5499/test\ndb.user=postgres\n");
    BenchmarkConfig c = binder().bind(paperWith("db.instance=" + instance), Map.of("db.user", "bench"));
    assertThat(c.dbUser()).isEqualTo("bench");
  }

  @Test
  void aDirectoryWithoutTheFileIsBadInputNamingIt() {
    assertThat(problems(() -> binder().bind(paperWith("db.instance=" + instance), Map.of())))
        .singleElement().asString()
        .startsWith("db.instance=" + instance + ": cannot read " + instance.resolve("connection.properties"))
        .contains("allowed: the directory of a managed instance");
  }
}
