package io.commitbench.campaign;

import io.commitbench.storage.instance.InstanceEngine;
import io.commitbench.storage.instance.InstanceEngines;
import io.commitbench.storage.layout.Layout;
import io.commitbench.storage.layout.LayoutSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Whether this host can run a cell, asked before anything is built: the layout's probe
 * (device-mapper, the filesystem in the kernel, the tools), its snapshot backend's, and the
 * database server's programs. A cell it cannot run is recorded as unsupported with the reason.
 */
final class CellSupport {

  private CellSupport() {}

  /** Why the host cannot run the cell, starting with "unsupported" (as the layout's probes word it), or empty. */
  static Optional<String> unsupportedReason(Cell cell, LayoutSpec layout) {
    Optional<String> reason = Layout.unsupportedReason(layout);
    if (reason.isEmpty()) {
      reason = Layout.unsupportedSnapshotReason(layout, cell.snapshots());
    }
    if (reason.isEmpty()) {
      reason = missingServer(cell.dbms());
    }
    return reason.map(r -> r.startsWith("unsupported") ? r : "unsupported: " + r);
  }

  /** Placeholder disks for probing a layout before the real disks exist (the probe does not look at them). */
  static List<Path> placeholderDisks(int count) {
    return java.util.stream.IntStream.rangeClosed(1, count).mapToObj(i -> Path.of("/dev/DISK" + i)).toList();
  }

  private static Optional<String> missingServer(String dbms) {
    Optional<InstanceEngine> engine = InstanceEngines.forKind(dbms);
    if (engine.isEmpty()) {
      return Optional.of("no managed " + dbms + " engine; known: " + InstanceEngines.kinds());
    }
    try {
      engine.get().findBinaries();
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("unsupported on this host: " + e.getMessage());
    }
  }
}
