package io.commitbench.storage.inspect;

import io.commitbench.core.host.PathStorage;
import io.commitbench.core.host.StorageLocator;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Inspects several paths as one request: every path is checked before any is located or probed,
 * so a typo in the third path does not leave two probes' worth of writes behind a refusal. It
 * reads the mount table and {@code /sys} through {@link StorageLocator}, and writes only the
 * probe's temporary files.
 *
 * <pre>
 * List&lt;PathReport&gt; reports = new StorageInspector(StorageLocator.system(), new SyncProbe())
 *     .inspect(List.of(Path.of("/"), Path.of("/dev/shm")), OptionalInt.of(200), ProbeProgress.NONE);
 * </pre>
 *
 * <p>Thread-safe if its locator and probe are.
 */
public final class StorageInspector {

  private final StorageLocator locator;
  private final SyncProbe probe;

  public StorageInspector(StorageLocator locator, SyncProbe probe) {
    this.locator = locator;
    this.probe = probe;
  }

  /**
   * Locates every path, then probes each (in order) when {@code probeWrites} is present.
   *
   * @param probeWrites writes per probe, or empty for no probe
   * @throws RefusedException before anything is probed: a path does not exist (all such are named),
   *     or with a probe, a path is not a writable directory or the count is out of range
   * @throws IOException when the mount table cannot be read, or a probe's I/O fails
   */
  public List<PathReport> inspect(List<Path> paths, OptionalInt probeWrites, ProbeProgress progress)
      throws RefusedException, IOException {
    check(paths, probeWrites);
    List<PathStorage> located = new ArrayList<>();
    for (Path path : paths) {
      located.add(locator.locate(path));
    }
    List<PathReport> reports = new ArrayList<>();
    for (PathStorage storage : located) {
      reports.add(new PathReport(storage, probeWrites.isPresent()
          ? Optional.of(probe.run(storage.path(), probeWrites.getAsInt(), progress))
          : Optional.empty()));
    }
    return reports;
  }

  private static void check(List<Path> paths, OptionalInt probeWrites) throws RefusedException {
    if (paths.isEmpty()) {
      throw new RefusedException("no path to inspect; give one or more existing paths");
    }
    List<String> missing = paths.stream().filter(p -> !Files.exists(p)).map(Path::toString).toList();
    if (!missing.isEmpty()) {
      throw new RefusedException((missing.size() == 1 ? "no such path: " : "no such paths: ")
          + String.join(", ", missing) + "; give existing files or directories (nothing was inspected)");
    }
    if (probeWrites.isPresent()) {
      SyncProbe.checkWrites(probeWrites.getAsInt());
      for (Path path : paths) {
        SyncProbe.checkDirectory(path);
      }
    }
  }
}
