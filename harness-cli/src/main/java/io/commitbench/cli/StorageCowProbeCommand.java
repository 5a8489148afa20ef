package io.commitbench.cli;

import io.commitbench.core.HarnessVersion;
import io.commitbench.storage.cow.CacheDrop;
import io.commitbench.storage.cow.CowProbe;
import io.commitbench.storage.cow.CowProbeJson;
import io.commitbench.storage.cow.CowProbeListener;
import io.commitbench.storage.cow.CowProbeResult;
import io.commitbench.storage.cow.CowProbeSpec;
import io.commitbench.storage.cow.CowProbeText;
import io.commitbench.storage.cow.FillOrder;
import io.commitbench.storage.cow.PreparedProbe;
import io.commitbench.storage.cow.SnapshotMode;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.inspect.Sizes;
import io.commitbench.storage.plan.RefusedException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code commitbench storage cow-probe PATH}: experiment 1 of "BTRFS vs LVM+EXT4 under database
 * workloads" at a chosen scale: fill, snapshot, random rewrite, linear read, each timed, with the
 * file's extents counted before and after the rewrite.
 */
@Command(
    name = "cow-probe",
    mixinStandardHelpOptions = true,
    description = {
      "Measures what copy-on-write storage does to a file's rewrites and later reads.",
      "",
      "A file-level probe (experiment 1 of the article \"BTRFS vs LVM+EXT4 under database "
          + "workloads\"). In PATH it creates a file of --size and: (1) fill: --workers threads write every "
          + "4 KiB block once with positional writes, then fsync; (2) snapshot: when the storage offers one "
          + "(PATH inside a btrfs subvolume: btrfs subvolume snapshot of that subvolume, beside it); "
          + "(3) rewrite: the workers rewrite --rewrites random blocks, then fsync; (4) read: the page cache "
          + "is emptied and the file read from start to end in 1 MiB reads. Each phase is timed (MiB/s, "
          + "operations/s); the file's extents are counted with filefrag (FIEMAP) after the fill and after "
          + "the rewrite. On btrfs each rewritten block moves, so the file fragments; ext4 rewrites in place.",
      "",
      "Prints the plan (the exact commands) and acts only with --apply. The snapshot is removed at the end, "
          + "and the file unless --keep, also on failure or Ctrl-C; both are journaled as they are made and "
          + "removed. Block order, sample and data come from --seed: the same seed writes the same file."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:plan printed, or probed (and what was made removed)",
      "1:a phase failed (the probe removed what it made; see the journal), or the snapshot could not be removed",
      "2:bad input or refused (PATH missing, not a directory, not writable, too little space; an option "
          + "out of range); nothing was written"
    },
    footer = {"", "Example: commitbench storage cow-probe /mnt/btrfs/data --size 1G --rewrites 1%% --json cow.json "
        + "--apply", "", "Documentation: docs/storage-agent.md"})
final class StorageCowProbeCommand implements Callable<Integer> {

  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
      .withZone(ZoneOffset.UTC);

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "PATH", description = "A writable directory on the storage to probe.")
  Path directory;

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "256M",
      description = "The file's size: bytes or with K, M, G, T (powers of 1024), a multiple of 4 KiB from 1M to 1T. "
          + "Default: ${DEFAULT-VALUE}.")
  String size;

  @Option(names = "--workers", paramLabel = "N", defaultValue = "" + CowProbeSpec.DEFAULT_WORKERS,
      description = "Threads writing in the fill and the rewrite, 1 to " + CowProbeSpec.MAX_WORKERS
          + ". Default: ${DEFAULT-VALUE}.")
  int workers;

  @Option(names = "--rewrites", paramLabel = "N|P%", defaultValue = CowProbeSpec.DEFAULT_REWRITES,
      description = "Blocks rewritten, each a different one: a count up to the file's blocks, or a share of them "
          + "(e.g. 25%%). Default: 1%% (the article: 250,000 of 25,000,000).")
  String rewrites;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "" + CowProbeSpec.DEFAULT_SEED,
      description = "Seeds block order, rewrite sample and data. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(names = "--fill-order", paramLabel = "ORDER", defaultValue = "ranges",
      description = "ranges: each worker writes its own contiguous range start to end, as the article's script; "
          + "random: every block in one random order shared out among the workers. Default: ${DEFAULT-VALUE}.")
  String fillOrder;

  @Option(names = "--snapshot", paramLabel = "MODE", defaultValue = "auto",
      description = "auto: take a snapshot between fill and rewrite where the storage offers one (else report "
          + "why not); none: never. Default: ${DEFAULT-VALUE}.")
  String snapshot;

  @Option(names = "--drop-cache", paramLabel = "HOW", defaultValue = "file",
      description = "Before the read, empty the page cache of: file (the probe file only: dd iflag=nocache, "
          + "posix_fadvise; no root needed, other processes untouched), system (sync; echo 1 > "
          + "/proc/sys/vm/drop_caches; root), none. Default: ${DEFAULT-VALUE}.")
  String dropCache;

  @Option(names = "--keep", description = "Leave the probe file in PATH (the snapshot is removed anyway).")
  boolean keep;

  @Option(names = "--json", paramLabel = "FILE",
      description = {"Also write the result to FILE as JSON,", "schema " + CowProbeJson.SCHEMA + "."})
  Path json;

  @Option(names = "--journal", paramLabel = "FILE",
      description = "The journal of what the probe made and removed (default: "
          + "/var/tmp/commitbench-cow-probe-<time>-<pid>.jsonl).")
  Path journal;

  @Option(names = "--apply", description = "Run the probe; without it only the plan is printed.")
  boolean apply;

  @Override
  public Integer call() throws Exception {
    CowProbeSpec probeSpec = spec();
    checkOutputs();
    PrintWriter out = spec.commandLine().getOut();
    CowProbe probe = new CowProbe(ProcessCommandRunner.standard());
    PreparedProbe prepared = probe.prepare(probeSpec);
    PlanOutput.show(prepared.plan(), apply, out);
    if (!apply) {
      return ExitCodes.OK;
    }
    Path journalFile = journal != null ? journal : Path.of("/var/tmp", "commitbench-cow-probe-"
        + STAMP.format(Instant.now()) + "-" + ProcessHandle.current().pid() + ".jsonl");
    out.println("journal: " + journalFile);
    out.flush();
    CowProbeResult result = probe.run(prepared, journalFile, listener(out, spec.commandLine().getErr()));
    out.println();
    CowProbeText.render(result).forEach(out::println);
    if (json != null) {
      CowProbeJson.write(result, HarnessVersion.get(), json);
      out.println("# written: " + json + " (" + CowProbeJson.SCHEMA + ")");
    }
    out.flush();
    return result.snapshot().taken() && !result.snapshot().removed() ? ExitCodes.RUN_FAILED : ExitCodes.OK;
  }

  private CowProbeSpec spec() {
    try {
      long bytes = StorageLabCommand.bytes("--size", size);
      return new CowProbeSpec(directory, bytes, workers, CowProbeSpec.rewrites(rewrites, bytes), seed,
          FillOrder.fromLabel(fillOrder), SnapshotMode.fromLabel(snapshot), CacheDrop.fromLabel(dropCache), keep);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /** Refuses before the probe writes anything when its result or journal could not be written afterwards. */
  private void checkOutputs() throws RefusedException {
    if (json != null) {
      Path parent = json.toAbsolutePath().getParent();
      if (parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent)) {
        throw new RefusedException("cannot write --json " + json + ": " + parent
            + " is not a writable directory; give a file in an existing directory");
      }
    }
    if (journal != null && Files.exists(journal)) {
      throw new RefusedException("--journal " + journal + " exists; a journal is never overwritten, give a new file");
    }
  }

  private static CowProbeListener listener(PrintWriter out, PrintWriter err) {
    return new CowProbeListener() {
      @Override
      public void progress(String phase, long done, long total, Duration elapsed) {
        err.printf(Locale.ROOT, "%s: %s of %s (%.1f %%), %.1f s%n", phase, Sizes.binary(done), Sizes.binary(total),
            100.0 * done / total, elapsed.toNanos() / 1e9);
        err.flush();
      }

      @Override
      public void action(String text) {
        out.println("        " + text);
        out.flush();
      }
    };
  }
}
