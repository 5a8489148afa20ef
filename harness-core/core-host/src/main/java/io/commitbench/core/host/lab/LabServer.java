package io.commitbench.core.host.lab;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The nbdkit → nbdfuse chain under a served device ({@link DeviceProfile#served()}), as far as
 * {@code up} got with it. Everything lives in one directory the lab makes, {@code ROOT/NAME.nbd}:
 * nbdkit's Unix socket and pidfile, nbdfuse's pidfile and log, and the FUSE mount point
 * {@code fuse/} whose file {@code disk} the loop device is attached to; for a device model also
 * {@code model/} (its sources, profile file and plugin) and the state file it writes.
 *
 * @param dir the chain's directory, {@code ROOT/NAME.nbd}
 * @param dirCreated {@code up} made the directory (and its {@code fuse/} mount point)
 * @param nbdkitPid the nbdkit server's pid, once its pidfile was read
 * @param fuseStarted nbdfuse was started (it mounts {@link #fuseDir()} and serves {@link #file()})
 * @param nbdfusePid nbdfuse's pid, once it wrote its pidfile (it does when it serves)
 */
public record LabServer(Path dir, boolean dirCreated, Optional<Long> nbdkitPid, boolean fuseStarted,
    Optional<Long> nbdfusePid) {

  public static LabServer planned(Path dir) {
    return new LabServer(dir, false, Optional.empty(), false, Optional.empty());
  }

  public Path socket() {
    return dir.resolve("nbdkit.sock");
  }

  public Path nbdkitPidFile() {
    return dir.resolve("nbdkit.pid");
  }

  public Path fuseDir() {
    return dir.resolve("fuse");
  }

  /** The file nbdfuse serves, which the loop device is attached to. */
  public Path file() {
    return fuseDir().resolve("disk");
  }

  public Path nbdfusePidFile() {
    return dir.resolve("nbdfuse.pid");
  }

  public Path nbdfuseLog() {
    return dir.resolve("nbdfuse.log");
  }

  /** Where a device model's sources, profile file and compiled plugin are put ({@link DeviceModel}). */
  public Path modelDir() {
    return dir.resolve("model");
  }

  /** The state a device model writes while it serves (free blocks, write amplification, ...). */
  public Path modelState() {
    return dir.resolve("model.state");
  }

  /** The files the chain leaves in its directory: removed with it by {@code down}. */
  public List<Path> files() {
    return List.of(socket(), nbdkitPidFile(), nbdfusePidFile(), nbdfuseLog(), modelState(),
        dir.resolve("model.state.tmp"));
  }

  public LabServer withDirCreated(boolean created) {
    return new LabServer(dir, created, nbdkitPid, fuseStarted, nbdfusePid);
  }

  public LabServer withNbdkitPid(Optional<Long> pid) {
    return new LabServer(dir, dirCreated, pid, fuseStarted, nbdfusePid);
  }

  public LabServer withFuse(boolean started, Optional<Long> pid) {
    return new LabServer(dir, dirCreated, nbdkitPid, started, pid);
  }
}
