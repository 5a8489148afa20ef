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

/** A PostgreSQL instance directory as create leaves it, without a server: enough for plans and refusals. */
final class FakePostgresqlInstance {

  private FakePostgresqlInstance() {}

  /** An instance in {@code base/pg}: data/pg_wal a symlink to log/pg_wal holding one 16 MiB segment. */
  static ManagedInstance create(Path base, CommandRunner runner) throws IOException {
    Path inst = Files.createDirectories(base.resolve("pg"));
    Path data = Files.createDirectories(inst.resolve("data"));
    Path wal = Files.createDirectories(inst.resolve("log/pg_wal"));
    Files.write(wal.resolve("000000010000000000000001"), new byte[16 << 20]);
    Files.createSymbolicLink(data.resolve("pg_wal"), wal);
    new InstanceDescriptor(inst, "postgresql", "1.0", Path.of("/usr/lib/postgresql/15/bin"), 45678,
        inst.resolve("data"), inst.resolve("log"), inst.resolve("socket"), Optional.empty(),
        Instant.parse("2026-11-21T08:00:00Z"), List.of(inst)).write();
    return ManagedInstance.open(inst, runner);
  }
}
