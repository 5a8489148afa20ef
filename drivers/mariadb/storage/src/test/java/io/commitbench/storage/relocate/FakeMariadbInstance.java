package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A MariaDB instance directory as create leaves it, without a server: enough for plans and refusals. */
final class FakeMariadbInstance {

  private FakeMariadbInstance() {}

  /** An instance in {@code base/my} with a 1 MiB log/ib_logfile0. */
  static ManagedInstance create(Path base, CommandRunner runner) throws IOException {
    Path inst = Files.createDirectories(base.resolve("my"));
    Files.createDirectories(inst.resolve("data"));
    Files.write(Files.createDirectories(inst.resolve("log")).resolve("ib_logfile0"), new byte[1 << 20]);
    new InstanceDescriptor(inst, "mariadb", "1.0", Path.of("/usr/sbin"), 45678, inst.resolve("data"),
        inst.resolve("log"), inst.resolve("socket"), Optional.empty(), Instant.parse("2026-11-21T08:00:00Z"),
        List.of(inst)).write();
    return ManagedInstance.open(inst, runner);
  }
}
