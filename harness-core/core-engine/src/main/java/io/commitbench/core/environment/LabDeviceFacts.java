package io.commitbench.core.environment;

import io.commitbench.core.host.lab.Calibration;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.core.host.lab.KeyValueFile;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabServer;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * When a log location lies on a {@code storage lab} device, that device's profile and the figures
 * {@code lab up} measured on it, as facts {@code <location>.lab_device}, {@code .lab_profile},
 * {@code .lab_fdatasync_p50_us}, {@code .lab_fdatasync_p99_us} (syncs back to back), {@code
 * .lab_paced_fdatasync_p50_us}, {@code .lab_paced_fdatasync_p99_us} (each sync after an idle gap,
 * what a commit at a moderate rate pays), {@code .lab_seq_write_iops}, {@code
 * .lab_rand_write_iops}, {@code .lab_rand_write_p50_us}, {@code .lab_rand_write_p99_us} (random
 * 8 KiB direct writes), {@code .lab_rand_read_p50_us}, {@code .lab_rand_read_p99_us} (random 8 KiB
 * direct reads over the whole raw device), {@code .lab_seq_read_mbs} (sequential 1 MiB direct
 * reads, 10^6 bytes per second) and {@code .lab_calibration} (tool and how it measured). A location on no
 * lab gives no facts at all, and so does one under a {@code lab.json} that cannot be read. A
 * device served by a device model adds the model's parameters ({@code .lab_model_parameters}) and
 * the state it reports at the run's start ({@code .lab_model_free_blocks}, {@code
 * .lab_model_write_amplification}, ...).
 *
 * <p>The lab and its device are found by {@link LabState#containing} and {@link
 * LabState#deviceHolding}, the reader the storage agent itself uses; a lab file without profiles
 * (formats 1 and 2) gives each device its name's default profile, and no calibration.
 *
 * <p>Stateless and thread-safe.
 */
final class LabDeviceFacts {

  private LabDeviceFacts() {}

  static List<Fact> of(String group, String prefix, Path location) {
    Optional<LabState> lab;
    try {
      lab = LabState.containing(location);
    } catch (IOException e) {
      return List.of(); // not a lab file this reads: the location is reported as on no lab
    }
    return lab.flatMap(l -> l.deviceHolding(location).map(name -> facts(group, prefix, l, l.device(name))))
        .orElse(List.of());
  }

  private static List<Fact> facts(String group, String prefix, LabState lab, LabDevice d) {
    String name = d.name();
    List<Fact> facts = new ArrayList<>();
    facts.add(Fact.of(group, prefix + ".lab_device", name + " of lab " + lab.id() + " at " + lab.root()));
    facts.add(Fact.of(group, prefix + ".lab_profile", d.profile().label()));
    Optional<Calibration> c = d.calibration();
    String why = c.isPresent() ? null : "lab " + lab.root() + " recorded no calibration of " + name
        + " (brought up with --no-calibrate, or before calibrations existed)";
    String noFigure = why != null ? why : "not in the lab's calibration";
    facts.add(number(group, prefix + ".lab_fdatasync_p50_us", c.map(Calibration::fdatasyncP50Micros), noFigure));
    facts.add(number(group, prefix + ".lab_fdatasync_p99_us", c.map(Calibration::fdatasyncP99Micros), noFigure));
    String noPaced = why != null ? why : "not in the lab's calibration (the built-in probe, or a lab brought up"
        + " before paced syncs were measured)";
    Optional<Calibration.PacedSync> paced = c.flatMap(Calibration::paced);
    facts.add(number(group, prefix + ".lab_paced_fdatasync_p50_us", paced.map(Calibration.PacedSync::p50Micros),
        noPaced));
    facts.add(number(group, prefix + ".lab_paced_fdatasync_p99_us", paced.map(Calibration.PacedSync::p99Micros),
        noPaced));
    String noIops = why != null ? why : "measured by " + c.get().tool() + ", which gives no write IOPS";
    facts.add(number(group, prefix + ".lab_seq_write_iops", c.flatMap(Calibration::seqWriteIops), noIops));
    facts.add(number(group, prefix + ".lab_rand_write_iops", c.flatMap(Calibration::randWriteIops), noIops));
    String noReads = why != null ? why : "not in the lab's calibration (the built-in probe, or a lab brought up"
        + " before read figures and write latency were measured)";
    Optional<Calibration.Latency> writes = c.flatMap(Calibration::randWriteLatency);
    facts.add(number(group, prefix + ".lab_rand_write_p50_us", writes.map(Calibration.Latency::p50Micros), noReads));
    facts.add(number(group, prefix + ".lab_rand_write_p99_us", writes.map(Calibration.Latency::p99Micros), noReads));
    Optional<Calibration.Latency> reads = c.flatMap(Calibration::randReadLatency);
    facts.add(number(group, prefix + ".lab_rand_read_p50_us", reads.map(Calibration.Latency::p50Micros), noReads));
    facts.add(number(group, prefix + ".lab_rand_read_p99_us", reads.map(Calibration.Latency::p99Micros), noReads));
    facts.add(number(group, prefix + ".lab_seq_read_mbs", c.flatMap(Calibration::seqReadMBs), noReads));
    facts.add(c.map(v -> Fact.of(group, prefix + ".lab_calibration", v.tool() + ", " + v.fdatasyncCount()
            + " fdatasyncs; " + v.note()))
        .orElseGet(() -> Fact.unknown(group, prefix + ".lab_calibration", why)));
    if (d.profile().model().isPresent() && d.server().isPresent()) {
      facts.addAll(modelFacts(group, prefix, d.profile(), d.server().get()));
    }
    return facts;
  }

  /**
   * A device model's parameters (its profile file's figures, without the data sheets' that only
   * stand beside the calibration) and the state it has written so far (free blocks, write
   * amplification, ...), as {@code .lab_model_parameters} and {@code .lab_model_<key>}.
   */
  private static List<Fact> modelFacts(String group, String prefix, DeviceProfile profile, LabServer server) {
    List<Fact> facts = new ArrayList<>();
    Path file = server.modelDir().resolve(profile.modelProfileFile());
    facts.add(KeyValueFile.read(file)
        .map(p -> Fact.of(group, prefix + ".lab_model_parameters", p.entrySet().stream()
            .filter(e -> !e.getKey().startsWith("datasheet.") && !e.getKey().equals("description"))
            .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "))))
        .orElseGet(() -> Fact.unknown(group, prefix + ".lab_model_parameters", "cannot read " + file)));
    Optional<Map<String, String>> state = KeyValueFile.read(server.modelState());
    if (state.isEmpty()) {
      facts.add(Fact.unknown(group, prefix + ".lab_model_state", "the model has not written " + server.modelState()
          + " yet (it does after its first request)"));
    }
    state.ifPresent(m -> KeyValueFile.counters(m).forEach((k, v) -> facts.add(Fact.of(group, prefix + ".lab_model_" + k,
        v))));
    return facts;
  }

  private static Fact number(String group, String name, Optional<Double> v, String unknownReason) {
    return v.map(x -> Fact.of(group, name, String.format(Locale.ROOT, "%.1f", x)))
        .orElseGet(() -> Fact.unknown(group, name, unknownReason));
  }
}
