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

/** A {@code fake} instance directory as create leaves it, without a server: {@code base/fk} with a 1 MiB log/fake.log. */
public final class FakeKindInstance {

  private FakeKindInstance() {}

  public static ManagedInstance create(Path base, CommandRunner runner) throws IOException {
    Path inst = Files.createDirectories(base.resolve("fk"));
    Files.createDirectories(inst.resolve("data"));
    Path log = Files.createDirectories(inst.resolve("log"));
    Files.write(log.resolve(FakeKindEngine.LOG_FILE), new byte[1 << 20]);
    new InstanceDescriptor(inst, FakeKindEngine.KIND, "1.0", Path.of("/opt/fake/bin"), 45679, inst.resolve("data"),
        log, inst.resolve("socket"), Optional.empty(), Instant.parse("2026-11-21T08:00:00Z"), List.of(inst)).write();
    return ManagedInstance.open(inst, runner);
  }
}
