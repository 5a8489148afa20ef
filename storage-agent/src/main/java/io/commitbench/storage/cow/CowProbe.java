package io.commitbench.storage.cow;

import io.commitbench.core.host.PathStorage;
import io.commitbench.core.host.StorageLocator;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.inspect.Sizes;
import io.commitbench.storage.inspect.SyncProbe;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.snapshot.Snapshot;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The file-level copy-on-write probe of experiment 1 of "BTRFS vs LVM+EXT4 under database
 * workloads": fill a file with 4 KiB blocks from several workers, snapshot the storage, rewrite a
 * random sample of the blocks, read the whole file linearly; time each phase and count the file's
 * extents after the fill and after the rewrite. On a copy-on-write filesystem each rewritten block
 * moves elsewhere, so the file fragments and the linear read slows; on ext4 it is rewritten in place.
 *
 * <pre>
 * CowProbe probe = new CowProbe(ProcessCommandRunner.standard());
 * PreparedProbe prepared = probe.prepare(CowProbeSpec.defaults(Path.of("/mnt/btrfs/data")));
 * prepared.plan().render(Plan.Mode.APPLYING).forEach(System.out::println);
 * CowProbeResult result = probe.run(prepared, Path.of("/var/tmp/cow-probe.jsonl"), CowProbeListener.NONE);
 * </pre>
 *
 * <p>It writes only its own file (named {@code commitbench-cow-probe-*.dat}) and snapshot, both
 * removed at the end, also on failure and on Ctrl-C (through a shutdown hook). Each is journaled
 * as it is made and removed. Not for concurrent use: two probes on one device measure each other.
 */
public final class CowProbe {

  /** Prefix of the probe file's name, so a leftover (after kill -9) is recognisable. */
  public static final String FILE_PREFIX = "commitbench-cow-probe-";
  /** The journal's operation name. */
  public static final String OPERATION = "cow-probe";
  /** How often a long phase reports progress. */
  public static final Duration PROGRESS_EVERY = Duration.ofSeconds(2);
  /** Free space kept beyond the file and the rewrites' copies: metadata of a fragmented file, other writers. */
  static final long MIN_SPARE_BYTES = 16L << 20;
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
      .withZone(ZoneOffset.UTC);

  private final CommandRunner runner;
  private final StorageLocator locator;
  private final ProbeSnapshots snapshots;
  private final Clock clock;
  private final Duration progressEvery;

  /** A probe of this host: its mount table, the system clock, progress every 2 s. */
  public CowProbe(CommandRunner runner) {
    this(runner, StorageLocator.system(), Clock.systemUTC(), PROGRESS_EVERY);
  }

  /** @param clock names the probe file and the snapshot */
  public CowProbe(CommandRunner runner, StorageLocator locator, Clock clock, Duration progressEvery) {
    this.runner = runner;
    this.locator = locator;
    this.snapshots = new ProbeSnapshots(clock);
    this.clock = clock;
    this.progressEvery = progressEvery;
  }

  /**
   * Checks the spec against this host and decides the file's name and the snapshot. Writes nothing;
   * runs only read-only commands (the snapshot's checks).
   *
   * @throws RefusedException when the directory is missing, not a directory or not writable, the
   *     filesystem lacks the space, or a random fill order would not fit in memory
   */
  public PreparedProbe prepare(CowProbeSpec spec) throws RefusedException, IOException {
    Path dir = spec.directory();
    SyncProbe.checkDirectory(dir);
    long required = requiredBytes(spec);
    long free = Files.getFileStore(dir).getUsableSpace();
    if (free < required) {
      throw new RefusedException("not enough free space in " + dir + ": the probe needs " + Sizes.binary(required)
          + " (a " + Sizes.binary(spec.sizeBytes()) + " file, a new copy of " + String.format(Locale.ROOT, "%,d",
          spec.rewrites()) + " rewritten blocks, a margin), the filesystem has " + Sizes.binary(free)
          + " free; give a smaller --size or another directory");
    }
    checkMemory(spec);
    PathStorage storage = locator.locate(dir);
    Path file = fileName(storage.realPath());
    SnapshotOffer offer = spec.snapshotMode() == SnapshotMode.NONE
        ? new SnapshotOffer.Unavailable("not asked (--snapshot none)")
        : snapshots.offer(storage, runner);
    return new PreparedProbe(spec, storage, file, offer, required, free,
        new CacheDropper(runner).actions(spec.cacheDrop(), file));
  }

  /**
   * Runs the phases. The journal records the file and the snapshot as they are made and removed.
   *
   * @param journalFile a new journal (refused if it exists)
   * @throws IOException when a phase fails; the snapshot and the file are removed first
   */
  public CowProbeResult run(PreparedProbe p, Path journalFile, CowProbeListener listener) throws IOException {
    CowProbeSpec spec = p.spec();
    // The listener shows each line as an action of its own, so the applier's indentation goes.
    try (Applier journal = Applier.begin(journalFile, OPERATION, parameters(p), runner,
        line -> listener.action(line.strip()))) {
      ProbeResources made = new ProbeResources(journal, listener, spec.keep());
      Thread hook = new Thread(made::releaseOnExit, "cow-probe-cleanup");
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        CowProbeResult result = phases(p, made, listener);
        made.release(Journal.COMPLETED);
        return withSnapshotOutcome(result, made);
      } catch (IOException | RuntimeException e) {
        try {
          made.release("failed: " + e.getMessage() + "; removed what the probe made");
        } catch (IOException | RuntimeException cleanup) {
          e.addSuppressed(cleanup);
        }
        if (!made.snapshotFailure().isEmpty()) {
          e.addSuppressed(new IOException("the snapshot " + made.snapshot().map(Snapshot::location).orElse("")
              + " could not be removed: " + made.snapshotFailure()));
        }
        throw e;
      } finally {
        removeHook(hook);
      }
    }
  }

  private CowProbeResult phases(PreparedProbe p, ProbeResources made, CowProbeListener listener) throws IOException {
    CowProbeSpec spec = p.spec();
    Path file = p.file();
    made.createFile(file);
    Instant startedAt = clock.instant();
    List<PhaseResult> phases = new ArrayList<>();

    phases.add(writePhase("fill", file, fillBlocks(spec), spec.seed(), BlockData.FILL, listener));
    ExtentCount afterFill = Filefrag.count(runner, file);
    made.note("extents after the fill: " + afterFill.display());

    String noSnapshot = "";
    if (p.snapshot() instanceof SnapshotOffer.Available a) {
      phases.add(new PhaseResult("snapshot", made.takeSnapshot(a.snapshot()), 0, 0, Optional.empty()));
    } else {
      noSnapshot = ((SnapshotOffer.Unavailable) p.snapshot()).reason();
      listener.action("no snapshot: " + noSnapshot);
    }

    phases.add(writePhase("rewrite", file, rewriteBlocks(spec), spec.seed(), BlockData.REWRITE, listener));
    ExtentCount afterRewrite = Filefrag.count(runner, file);
    made.note("extents after the rewrite: " + afterRewrite.display());

    CacheState cache = new CacheDropper(runner).drop(spec.cacheDrop(), file, listener);
    phases.add(LinearRead.read(file, progressEvery, listener));
    return new CowProbeResult(spec, p.storage(), file, startedAt, phases, afterFill, afterRewrite,
        SnapshotOutcome.notTaken(noSnapshot), cache, spec.keep());
  }

  static BlockAssignment fillBlocks(CowProbeSpec spec) {
    return spec.fillOrder() == FillOrder.RANGES
        ? BlockAssignment.ranges(spec.blocks(), spec.workers())
        : BlockAssignment.shuffled(spec.blocks(), spec.workers(), spec.seed());
  }

  static BlockAssignment rewriteBlocks(CowProbeSpec spec) {
    // A seed apart from the fill's, so a random fill's order and the sample are not the same draw.
    return BlockAssignment.sample(spec.blocks(), spec.rewrites(), spec.workers(), ~spec.seed());
  }

  private PhaseResult writePhase(String name, Path file, BlockAssignment blocks, long seed, int phase,
      CowProbeListener listener) throws IOException {
    long start = System.nanoTime();
    BlockWriters.write(file, blocks, seed, phase, name, progressEvery, listener);
    long written = System.nanoTime();
    listener.action(name + ": fsync");
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
    long end = System.nanoTime();
    return new PhaseResult(name, Duration.ofNanos(end - start), (long) blocks.total() * CowProbeSpec.BLOCK_BYTES,
        blocks.total(), Optional.of(Duration.ofNanos(end - written)));
  }

  private static CowProbeResult withSnapshotOutcome(CowProbeResult r, ProbeResources made) {
    SnapshotOutcome outcome = made.snapshot().isPresent()
        ? new SnapshotOutcome(made.snapshot(), "", made.snapshotRemoved(), made.snapshotFailure())
        : r.snapshot();
    return new CowProbeResult(r.spec(), r.storage(), r.file(), r.startedAt(), r.phases(), r.extentsAfterFill(),
        r.extentsAfterRewrite(), outcome, r.cache(), r.fileKept());
  }

  /** The file, a new copy of every rewritten block (copy-on-write, or the snapshot keeping the old), a margin. */
  static long requiredBytes(CowProbeSpec spec) {
    long copies = (long) spec.rewrites() * CowProbeSpec.BLOCK_BYTES;
    return spec.sizeBytes() + copies + Math.max(MIN_SPARE_BYTES, spec.sizeBytes() / 50);
  }

  private static void checkMemory(CowProbeSpec spec) throws RefusedException {
    long orderBytes = spec.fillOrder() == FillOrder.RANDOM ? 4L * spec.blocks() : 0;
    long sampleBytes = 8L * spec.rewrites() + spec.blocks() / 8;
    long needed = Math.max(orderBytes, sampleBytes);
    long heap = Runtime.getRuntime().maxMemory();
    if (needed > heap / 2) {
      throw new RefusedException("the block order needs " + Sizes.binary(needed) + " of memory, more than half the "
          + Sizes.binary(heap) + " this JVM may use; give --fill-order ranges, a smaller --size or fewer "
          + "--rewrites, or a larger heap (JAVA_TOOL_OPTIONS=-Xmx…)");
    }
  }

  private Path fileName(Path dir) {
    String base = FILE_PREFIX + STAMP.format(clock.instant()) + "-" + ProcessHandle.current().pid();
    Path candidate = dir.resolve(base + ".dat");
    for (int n = 2; Files.exists(candidate, LinkOption.NOFOLLOW_LINKS); n++) {
      candidate = dir.resolve(base + "-" + n + ".dat");
    }
    return candidate;
  }

  private static Map<String, String> parameters(PreparedProbe p) {
    CowProbeSpec spec = p.spec();
    Map<String, String> m = new LinkedHashMap<>();
    m.put("directory", spec.directory().toString());
    m.put("file", p.file().toString());
    m.put("size_bytes", Long.toString(spec.sizeBytes()));
    m.put("workers", Integer.toString(spec.workers()));
    m.put("rewrites", Integer.toString(spec.rewrites()));
    m.put("seed", Long.toString(spec.seed()));
    m.put("fill_order", spec.fillOrder().label());
    m.put("snapshot", spec.snapshotMode().label());
    m.put("drop_cache", spec.cacheDrop().label());
    m.put("keep", Boolean.toString(spec.keep()));
    return m;
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // The JVM is already shutting down: the hook runs (or ran) and releases what is left.
    }
  }
}
