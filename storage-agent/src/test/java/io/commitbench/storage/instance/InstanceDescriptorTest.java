package io.commitbench.storage.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstanceDescriptorTest {

  @TempDir Path dir;

  @Test
  void roundTripsAndWritesTheConnectionKeysTheHarnessReads() throws Exception {
    InstanceDescriptor d = new InstanceDescriptor(dir, "fake", "1.0", Path.of("/usr/sbin"), 40001,
        dir.resolve("data"), dir.resolve("log"), dir.resolve("socket"), Optional.of(Path.of("/sys/fs/cgroup/blkio/x")),
        Instant.parse("2026-11-21T08:00:00Z"), List.of(dir.resolve("data")));
    d.write();
    assertThat(InstanceDescriptor.read(dir)).isEqualTo(d);
    assertThat(InstanceDescriptor.read(dir).withLogDir(Path.of("/ssd")).logDir()).isEqualTo(Path.of("/ssd"));

    d.writeConnection("jdbc:fake://127.0.0.1:40001/test", "root");
    Properties p = new Properties();
    try (var in = Files.newInputStream(dir.resolve(InstanceDescriptor.CONNECTION_FILE))) {
      p.load(in);
    }
    assertThat(p).containsEntry("db.type", "fake").containsEntry("db.url", "jdbc:fake://127.0.0.1:40001/test")
        .containsEntry("db.user", "root");
  }

  @Test
  void aDirectoryWithoutDescriptorIsNoInstance() {
    assertThatThrownBy(() -> InstanceDescriptor.read(dir)).isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining("not a managed instance");
  }
}
