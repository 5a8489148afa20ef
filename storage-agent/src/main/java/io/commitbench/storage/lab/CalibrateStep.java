package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.Calibration;
import io.commitbench.core.host.lab.DeviceProfile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.inspect.ProbeProgress;
import io.commitbench.storage.inspect.ProbeResult;
import io.commitbench.storage.inspect.SyncProbe;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Measures a mounted lab device right after {@code up} made it, for a few seconds, and records
 * the figures in {@code lab.json} ({@link Calibration}). With fio: two runs. First, read-only
 * ({@code --readonly}) on the raw loop device under the mount: random 8 KiB direct reads spread
 * over the whole device, one at a time, {@value #READ_SECONDS} s, whose completion latencies give
 * p50 and p99 (seeks over the whole device, as a drive's data sheet states them, not within one
 * small file); then 1 MiB sequential direct reads from offset 0 of at most {@value #SEQ_READ_MIB}
 * MiB, for at most {@value #READ_SECONDS} s, which give the bandwidth. Then one run of four jobs one
 * after the other in the device's mount, their files deleted afterwards: 8 KiB writes each followed
 * by {@code fdatasync} to a 1 MiB file written in full first (as a database's log is preallocated),
 * back to back for {@value #SYNC_SECONDS} s, whose fdatasync latencies give p50 and p99; the same
 * paced, the device left idle for {@value #PACED_GAP_MICROS} µs before each fdatasync (fio's
 * {@code thinktime}, between each write and its sync), {@value #PACED_SECONDS} s; then 1 MiB
 * sequential and 8 KiB random direct writes, {@value #IOPS_SECONDS} s each, the random ones also
 * giving their completion latency p50 and p99. A device of profile throttle is measured from
 * inside the lab's cgroup, as that is where its limits apply. Without fio, the built-in probe
 * ({@link SyncProbe}, {@value #PROBE_WRITES} writes) gives the back-to-back fdatasync figures only,
 * from the agent's own process.
 *
 * <p>Why both: a server committing at a moderate rate (the commit workload at 40/s) finds the
 * device idle at each commit. On the ssd profile its fdatasync then takes longer than back to
 * back, and PostgreSQL's own WAL sync follows the paced figure: each hop of the chain (loop
 * worker, FUSE, nbdfuse, nbdkit) and the host's disk answer more slowly when woken from idle.
 * The effect grows with the gap up to a few milliseconds and stays from there;
 * {@value #PACED_GAP_MICROS} µs is past that (see docs/performance.md).
 */
record CalibrateStep(String name, DeviceProfile profile, Optional<Path> cgroup, boolean fio) implements LabStep {

  static final int SYNC_SECONDS = 2;
  static final int PACED_SECONDS = 3;
  static final long PACED_GAP_MICROS = 10_000;
  static final int IOPS_SECONDS = 1;
  static final int READ_SECONDS = 2;
  static final long SEQ_READ_MIB = 128;
  static final int PROBE_WRITES = 100;
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public String description() {
    return "measure the " + name + " device (profile " + profile.label() + "): fdatasync of 8 KiB p50/p99"
        + (fio ? ", back to back and paced, sequential and random write IOPS, random write and read latency,"
            + " sequential read bandwidth, with fio"
            : " with the built-in probe (fio is not installed)")
        + (cgroup.isPresent() && fio ? ", inside the throttle cgroup" : "");
  }

  @Override
  public List<String> actions(LabState state) {
    Path mount = state.mount(name);
    return fio ? List.of(readCommand(state).display(), command(state).display())
        : List.of("(in this process) " + PROBE_WRITES + " x (8 KiB write + fdatasync) to a preallocated file in "
            + mount);
  }

  /**
   * The read-only fio run on the raw loop device: random 8 KiB reads over all of it for
   * {@value #READ_SECONDS} s, then ({@code stonewall}) sequential 1 MiB reads from its start of
   * {@value #SEQ_READ_MIB} MiB or the whole device if smaller, until done or {@value #READ_SECONDS}
   * s have passed. JSON on stdout.
   */
  Command readCommand(LabState state) {
    LabDevice d = state.device(name);
    String size = Math.max(1, Math.min(SEQ_READ_MIB, d.sizeBytes() >> 20)) + "m";
    Command c = Command.of("fio", "--output-format=json", "--readonly", "--filename=" + UpSteps.loopOf(d),
        "--ioengine=psync", "--direct=1",
        "--name=randread", "--rw=randread", "--bs=8k", "--time_based", "--runtime=" + READ_SECONDS,
        "--name=seqread", "--stonewall", "--rw=read", "--bs=1m", "--offset=0", "--size=" + size,
        "--runtime=" + READ_SECONDS);
    return cgroup.map(c::inCgroup).orElse(c);
  }

  /**
   * The fio run: four jobs, one after the other ({@code stonewall}), JSON on stdout. The direct
   * writes go to a file of a quarter of the device, 1 to 32 MiB, so a small device has room for it.
   */
  Command command(LabState state) {
    Path mount = state.mount(name);
    String size = Math.max(1, Math.min(32, (state.device(name).sizeBytes() / 4) >> 20)) + "m";
    Command c = Command.of("fio", "--output-format=json", "--directory=" + mount, "--unlink=1",
        "--ioengine=psync", "--time_based",
        "--name=fdatasync", "--rw=write", "--bs=8k", "--size=1m", "--overwrite=1", "--fdatasync=1",
        "--runtime=" + SYNC_SECONDS,
        "--name=fdatasync-paced", "--stonewall", "--rw=write", "--bs=8k", "--size=1m", "--overwrite=1",
        "--fdatasync=1", "--thinktime=" + PACED_GAP_MICROS, "--thinktime_blocks=1", "--runtime=" + PACED_SECONDS,
        "--name=seqwrite", "--stonewall", "--rw=write", "--bs=1m", "--size=" + size, "--direct=1",
        "--runtime=" + IOPS_SECONDS,
        "--name=randwrite", "--stonewall", "--rw=randwrite", "--bs=8k", "--size=" + size, "--direct=1",
        "--runtime=" + IOPS_SECONDS);
    return cgroup.map(c::inCgroup).orElse(c);
  }

  @Override
  public void apply(StepContext c) throws IOException {
    Path mount = c.state().mount(name);
    Calibration measured = fio ? parseFio(c.run(readCommand(c.state())).stdout(),
        c.run(command(c.state())).stdout(), cgroup.isPresent()) : probe(mount, cgroup.isPresent());
    c.tell(name + ": " + measured.summary());
    LabDevice d = c.state().device(name);
    c.record(c.state().withDevice(d.withCalibration(measured)), "calibrated " + name,
        detail(measured));
  }

  /**
   * The journal line's figures: fdatasync p50/p99 in µs, back to back and, when measured, paced;
   * the p50 of random reads and writes in µs and the sequential read MB/s, when measured.
   */
  static Map<String, String> detail(Calibration measured) {
    Map<String, String> detail = new TreeMap<>(Map.of(
        "fdatasync_p50_us", Long.toString(Math.round(measured.fdatasyncP50Micros())),
        "fdatasync_p99_us", Long.toString(Math.round(measured.fdatasyncP99Micros()))));
    measured.paced().ifPresent(p -> {
      detail.put("paced_fdatasync_p50_us", Long.toString(Math.round(p.p50Micros())));
      detail.put("paced_fdatasync_p99_us", Long.toString(Math.round(p.p99Micros())));
    });
    measured.randReadLatency().ifPresent(l -> detail.put("rand_read_p50_us", Long.toString(Math.round(l.p50Micros()))));
    measured.randWriteLatency().ifPresent(l -> detail.put("rand_write_p50_us",
        Long.toString(Math.round(l.p50Micros()))));
    measured.seqReadMBs().ifPresent(v -> detail.put("seq_read_mbs", Long.toString(Math.round(v))));
    return detail;
  }

  private static Calibration probe(Path mount, boolean throttled) throws IOException {
    try {
      ProbeResult r = new SyncProbe().run(mount, PROBE_WRITES, ProbeProgress.NONE);
      return new Calibration("built-in probe", r.writes(), r.p50Micros(), r.p99Micros(), Optional.empty(),
          Optional.empty(), Optional.empty(), "8 KiB write + fdatasync, timed together, back to back, preallocated"
              + " file; no paced figure"
              + (throttled ? "; measured outside the throttle cgroup, so without its limits" : ""));
    } catch (RefusedException e) {
      throw new IOException("cannot measure " + mount + ": " + e.getMessage(), e);
    }
  }

  /**
   * The figures of fio's JSON outputs (fio 3): of the read-only run, the random reads' completion
   * latencies and the sequential reads' bandwidth; of the write run, the two fdatasync jobs' sync
   * latencies, the other two's write IOPS and the random writes' completion latencies.
   */
  static Calibration parseFio(String readJson, String writeJson, boolean inCgroup) throws IOException {
    JsonNode reads = tree(readJson);
    JsonNode root = tree(writeJson);
    Calibration.PacedSync backToBack = syncLatencies(root, "fdatasync", 0);
    Calibration.PacedSync paced = syncLatencies(root, "fdatasync-paced", PACED_GAP_MICROS);
    JsonNode randwrite = job(root, "randwrite").path("write");
    String version = root.path("fio version").asText("fio");
    return new Calibration(version.isEmpty() ? "fio" : version, backToBack.count(), backToBack.p50Micros(),
        backToBack.p99Micros(), Optional.of(paced),
        Optional.of(job(root, "seqwrite").path("write").path("iops").asDouble()),
        Optional.of(randwrite.path("iops").asDouble()),
        Optional.of(completionLatencies(job(reads, "randread").path("read"), "randread", "read")),
        Optional.of(completionLatencies(randwrite, "randwrite", "write")),
        Optional.of(job(reads, "seqread").path("read").path("bw_bytes").asDouble() / 1_000_000),
        "fio: random 8 KiB direct reads over the whole raw loop device " + READ_SECONDS + " s, then sequential"
            + " 1 MiB direct reads from its start (at most " + SEQ_READ_MIB + " MiB, " + READ_SECONDS + " s),"
            + " read-only; latency of fdatasync after each 8 KiB write to a preallocated 1 MiB file, back to back "
            + SYNC_SECONDS + " s, then paced (" + PACED_GAP_MICROS + " µs idle between each write and its fdatasync) "
            + PACED_SECONDS + " s; 1 MiB sequential and 8 KiB random direct writes, " + IOPS_SECONDS + " s each"
            + (inCgroup ? "; inside the throttle cgroup" : ""));
  }

  private static JsonNode tree(String json) throws IOException {
    return JSON.readTree(json.substring(Math.max(0, json.indexOf('{'))));
  }

  /** A job's completion latencies ({@code clat_ns}) of one direction: count, p50 and p99. */
  private static Calibration.Latency completionLatencies(JsonNode direction, String jobName, String what)
      throws IOException {
    return latencies(direction.path("clat_ns"), jobName, what, what + ".clat_ns");
  }

  /** Count, p50 and p99 of a latency node of fio's ({@code lat_ns}, {@code clat_ns}), in µs. */
  private static Calibration.Latency latencies(JsonNode latencies, String jobName, String what, String path)
      throws IOException {
    JsonNode percentiles = latencies.path("percentile");
    if (!percentiles.has("50.000000") || !percentiles.has("99.000000")) {
      throw new IOException("fio printed no " + what + " latency percentiles (" + path + ".percentile) for job "
          + jobName);
    }
    return new Calibration.Latency(latencies.path("N").asLong(), percentiles.get("50.000000").asDouble() / 1000,
        percentiles.get("99.000000").asDouble() / 1000);
  }

  /**
   * A job's fdatasync count, p50 and p99, with the idle gap it was run with; fio's sync.total_ios
   * stays 0 for fdatasync=1, so the count is lat_ns.N.
   */
  private static Calibration.PacedSync syncLatencies(JsonNode root, String jobName, long gapMicros)
      throws IOException {
    Calibration.Latency l = latencies(job(root, jobName).path("sync").path("lat_ns"), jobName, "fdatasync",
        "sync.lat_ns");
    return new Calibration.PacedSync(l.count(), l.p50Micros(), l.p99Micros(), gapMicros);
  }

  private static JsonNode job(JsonNode root, String jobName) throws IOException {
    for (JsonNode job : root.path("jobs")) {
      if (jobName.equals(job.path("jobname").asText())) {
        return job;
      }
    }
    throw new IOException("fio's output has no job '" + jobName + "'");
  }
}
