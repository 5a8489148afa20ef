package io.commitbench.storage.cow;

import io.commitbench.core.host.PathStorage;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.inspect.Sizes;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.snapshot.Snapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A probe that passed its checks, with everything decided before anything is written: the
 * file's name, the snapshot (or why there is none), the space it needs. {@link #plan()} shows it.
 *
 * @param spec what was asked
 * @param storage where the directory is stored
 * @param file the probe file to create; nothing is there yet
 * @param snapshot the snapshot to take, or why none will be
 * @param requiredBytes free space asked for: the file, a new copy of each rewritten block, a margin
 * @param freeBytes free space the filesystem reported
 * @param cacheActions the commands run before the read to empty the cache
 */
public record PreparedProbe(CowProbeSpec spec, PathStorage storage, Path file, SnapshotOffer snapshot,
    long requiredBytes, long freeBytes, List<String> cacheActions) {

  public PreparedProbe {
    cacheActions = List.copyOf(cacheActions);
  }

  /** {@code btrfs on /dev/loop3}. */
  public String storageLabel() {
    return storage.mount().filesystem() + " on " + storage.mount().source();
  }

  /** The steps the probe takes, with the exact commands it runs. */
  public Plan plan() {
    String filefrag = Filefrag.command(file).display();
    Plan.Builder plan = new Plan.Builder("copy-on-write probe in " + spec.directory() + " (" + storageLabel() + ")")
        .step(new PlannedStep("create " + file + ": " + Sizes.binary(spec.sizeBytes()) + ", "
            + count(spec.blocks()) + " blocks of 4 KiB", List.of()))
        .step(new PlannedStep("fill: " + spec.workers() + " workers write every block once, then fsync; count the "
            + "extents. Order " + spec.fillOrder().label() + ": " + spec.fillOrder().description(), List.of(filefrag)));
    if (snapshot instanceof SnapshotOffer.Available a) {
      Snapshot s = a.snapshot();
      plan.step(PlannedStep.of("snapshot: " + s.description() + " of " + s.source() + " at " + s.location(),
          s.take().toArray(Command[]::new)));
    } else {
      plan.step(new PlannedStep("no snapshot: " + ((SnapshotOffer.Unavailable) snapshot).reason(), List.of()));
    }
    plan.step(new PlannedStep("rewrite: " + spec.workers() + " workers rewrite " + count(spec.rewrites())
            + " different random blocks (" + percent() + " of the file), then fsync; count the extents",
            List.of(filefrag)))
        .step(new PlannedStep("empty the page cache (" + spec.cacheDrop().label() + ") and check what is left of "
            + "the file in it", cacheActions))
        .step(new PlannedStep("read: the whole file from start to end in 1 MiB reads", List.of()));
    if (snapshot instanceof SnapshotOffer.Available a) {
      plan.step(PlannedStep.of("remove the snapshot", a.snapshot().remove().toArray(Command[]::new)));
    }
    plan.step(new PlannedStep(spec.keep() ? "keep " + file + " (--keep)" : "delete " + file, List.of()));
    return plan
        .note("free space: " + Sizes.binary(requiredBytes) + " needed (the file, a new copy of each rewritten "
            + "block, a margin), " + Sizes.binary(freeBytes) + " free")
        .note("block order and data come from seed " + spec.seed() + ": the same seed writes the same file")
        .build();
  }

  private String percent() {
    return String.format(Locale.ROOT, "%.2f %%", 100.0 * spec.rewrites() / spec.blocks());
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
