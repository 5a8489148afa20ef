package io.commitbench.storage.relocate;

import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.exec.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Instance directories as create leaves them, without a server: enough for plans and refusals.
 */
public final class FakeInstances {

  private FakeInstances() {}

  /** A PostgreSQL instance in {@code base/pg}: data/pg_wal a symlink to log/pg_wal holding one 16 MiB segment. */
  public static ManagedInstance postgresql(Path base, CommandRunner runner) throws IOException {
    Path inst = Files.createDirectories(base.resolve("pg"));
    Path data = Files.createDirectories(inst.resolve("data"));
    Path wal = Files.createDirectories(inst.resolve("log/pg_wal"));
    Files.write(wal.resolve("000000010000000000000001"), new byte[16 << 20]);
    Files.createSymbolicLink(data.resolve("pg_wal"), wal);
    descriptor(inst, "postgresql", Path.of("/usr/lib/postgresql/15/bin")).write();
    return ManagedInstance.open(inst, runner);
  }

  /** A MariaDB instance in {@code base/my} with a 1 MiB log/ib_logfile0. */
  public static ManagedInstance mariadb(Path base, CommandRunner runner) throws IOException {
    Path inst = Files.createDirectories(base.resolve("my"));
    Files.createDirectories(inst.resolve("data"));
    Files.write(Files.createDirectories(inst.resolve("log")).resolve("ib_logfile0"), new byte[1 << 20]);
    descriptor(inst, "mariadb", Path.of("/usr/sbin")).write();
    return ManagedInstance.open(inst, runner);
  }

  private static InstanceDescriptor descriptor(Path inst, String kind, Path bin) {
    return new InstanceDescriptor(inst, kind, "1.0", bin, 45678, inst.resolve("data"), inst.resolve("log"),
        inst.resolve("socket"), Optional.empty(), Instant.parse("2026-11-21T08:00:00Z"), List.of(inst));
  }
}
