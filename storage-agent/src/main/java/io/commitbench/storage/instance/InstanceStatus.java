package io.commitbench.storage.instance;

import io.commitbench.core.host.PathStorage;
import io.commitbench.core.host.StorageLocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A managed instance as it is now: running or not, its port, and the devices under its data and
 * log directories (found by {@link StorageLocator}).
 *
 * @param descriptor the instance's settings
 * @param running whether its server runs
 * @param log the transaction log (pg_wal directory, ib_logfile0)
 * @param data where the data directory is stored
 * @param logStorage where the log is stored (symlinks followed)
 * @param lock who holds the relocation lock, if anyone: a relocation under way, or one that was interrupted
 */
public record InstanceStatus(InstanceDescriptor descriptor, boolean running, Path log, PathStorage data,
    PathStorage logStorage, Optional<LockHolder> lock) {

  static InstanceStatus of(InstanceDescriptor d, boolean running, Path log) throws IOException {
    StorageLocator locator = StorageLocator.system();
    return new InstanceStatus(d, running, log, locator.locate(d.dataDir()),
        locator.locate(java.nio.file.Files.exists(log) ? log : d.logDir()),
        new RelocationLock(d.instanceDir()).holder());
  }

  /** The status as lines for a terminal. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add("instance " + descriptor.instanceDir() + ": " + descriptor.kind() + " " + descriptor.version() + ", "
        + (running ? "running" : "stopped") + ", port " + descriptor.port());
    out.add("  data " + descriptor.dataDir() + " on " + where(data));
    out.add("  log  " + log + (log.equals(logStorage.realPath()) ? "" : " -> " + logStorage.realPath()) + " on "
        + where(logStorage));
    descriptor.cgroup().ifPresent(c -> out.add("  cgroup " + c));
    lock.ifPresent(h -> out.add("  relocation lock " + descriptor.instanceDir().resolve(RelocationLock.FILE)
        + ": held by " + h.describe() + " for journal " + h.journal() + "; " + RelocationLock.remedy(h)));
    return out;
  }

  private static String where(PathStorage s) {
    String devices = s.devices().isEmpty() ? "no block device (" + s.noDeviceReason() + ")"
        : String.join(", ", s.leaves().stream().map(b -> b.name()
            + b.rotational().map(r -> r ? " (rotational)" : " (non-rotational)").orElse("")).toList());
    return s.mount().filesystem() + " at " + s.mount().mountPoint() + ", " + devices
        + s.freeBytes().stream().mapToObj(f -> ", " + (f >> 20) + " MiB free").findFirst().orElse("");
  }
}
