package io.commitbench.cli;

import io.commitbench.core.HarnessVersion;
import io.commitbench.core.host.StorageLocator;
import io.commitbench.storage.inspect.InspectionJson;
import io.commitbench.storage.inspect.InspectionText;
import io.commitbench.storage.inspect.PathReport;
import io.commitbench.storage.inspect.ProbeProgress;
import io.commitbench.storage.inspect.StorageInspector;
import io.commitbench.storage.inspect.SyncProbe;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code commitbench storage inspect PATH... [--probe] [--writes N] [--json FILE]}: what stores a
 * path, and with {@code --probe} how long an fdatasync takes there. Changes nothing but the
 * probe's temporary file (deleted afterwards) and the JSON file.
 */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    description = {
      "Shows where each PATH is stored, down to the block device under it.",
      "",
      "For each PATH: mount point, filesystem, mount options, the block device "
          + "chain (through loop devices and partitions down to the backing device), rotational flag, "
          + "logical/physical sector size, discard support and free space. Each figure says where it "
          + "was read (/proc/self/mountinfo, /sys/block/<dev>/queue, statvfs).",
      "",
      "--probe also measures each directory's commit floor: N writes of 8 KiB, each followed by "
          + "fdatasync, into a preallocated temporary file there (deleted afterwards), reported as "
          + "p50/p99/max in microseconds. It writes to the device: run it where that is fine. "
          + "Every path is checked before any is probed."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:every path was inspected (and probed)",
      "1:reading or probing failed (the probe file is deleted)",
      "2:bad input (a missing path, --probe on what is not a writable directory, --writes out of range); "
          + "nothing was probed"
    },
    footer = {"", "Documentation: docs/storage-agent.md"})
final class StorageInspectCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "PATH", description = "Existing files or directories to inspect.")
  List<Path> paths;

  @Option(names = "--probe", description = "Measure write + fdatasync latency in each PATH (a writable directory).")
  boolean probe;

  @Option(names = "--writes", paramLabel = "N",
      description = "Writes per probe, " + SyncProbe.MIN_WRITES + ".." + SyncProbe.MAX_WRITES + " (default: "
          + SyncProbe.DEFAULT_WRITES + "). Needs --probe.")
  Integer writes;

  @Option(names = "--json", paramLabel = "FILE",
      description = {"Also write the findings to FILE as JSON,", "schema " + InspectionJson.SCHEMA + "."})
  Path json;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (writes != null && !probe) {
      throw new ParameterException(spec.commandLine(), "--writes " + writes + " needs --probe; add --probe or drop --writes");
    }
    if (writes != null && (writes < SyncProbe.MIN_WRITES || writes > SyncProbe.MAX_WRITES)) {
      throw new ParameterException(spec.commandLine(), String.format(Locale.ROOT,
          "Invalid value '%d' for option '--writes': give %d..%d", writes, SyncProbe.MIN_WRITES, SyncProbe.MAX_WRITES));
    }
    if (json != null && OutputFileCheck.problem(json).isPresent()) {
      throw new ParameterException(spec.commandLine(), "--json " + json + ": " + OutputFileCheck.problem(json).get());
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    OptionalInt probeWrites = probe ? OptionalInt.of(writes == null ? SyncProbe.DEFAULT_WRITES : writes)
        : OptionalInt.empty();
    ProbeProgress progress = (directory, done, total, elapsed) -> {
      err.printf(Locale.ROOT, "probing %s: %,d of %,d writes, %.1f s%n", directory, done, total,
          elapsed.toNanos() / 1e9);
      err.flush();
    };
    List<PathReport> reports = new StorageInspector(StorageLocator.system(), new SyncProbe())
        .inspect(paths, probeWrites, progress);
    InspectionText.render(reports).forEach(out::println);
    if (json != null) {
      InspectionJson.write(reports, HarnessVersion.get(), Instant.now(), json);
      out.println("# written: " + json + " (" + InspectionJson.SCHEMA + ")");
    }
    out.flush();
    return ExitCodes.OK;
  }
}
