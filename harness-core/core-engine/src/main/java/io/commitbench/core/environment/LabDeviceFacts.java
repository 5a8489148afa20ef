package io.commitbench.core.environment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * When a log location lies on a {@code storage lab} device, that device's profile and the figures
 * {@code lab up} measured on it, as facts {@code <location>.lab_device}, {@code .lab_profile},
 * {@code .lab_fdatasync_p50_us}, {@code .lab_fdatasync_p99_us} (syncs back to back), {@code
 * .lab_paced_fdatasync_p50_us}, {@code .lab_paced_fdatasync_p99_us} (each sync after an idle gap,
 * what a commit at a moderate rate pays), {@code .lab_seq_write_iops}, {@code
 * .lab_rand_write_iops} and {@code .lab_calibration} (tool and how it measured). A location on no
 * lab gives no facts at all.
 *
 * <p>The lab is found as {@code LabState.containing} finds it: walking up from the location (as
 * written, then with symlinks resolved) to a directory whose parent holds a {@code lab.json}
 * listing it as a device's mount point. This reads the few fields of that file it needs (formats
 * {@code commitbench.lab/1..3}) itself, because harness-core cannot depend on the storage agent,
 * which depends on it; a lab file without profiles (formats 1 and 2) gives each device its name's
 * default profile (ram for the ssd, throttle otherwise), and no calibration.
 *
 * <p>Stateless and thread-safe.
 */
final class LabDeviceFacts {

  private static final ObjectMapper JSON = new ObjectMapper();

  private LabDeviceFacts() {}

  static List<Fact> of(String group, String prefix, Path location) {
    for (Path candidate : candidates(location)) {
      for (Path dir = candidate; dir != null && dir.getParent() != null; dir = dir.getParent()) {
        Optional<JsonNode> device = device(dir.getParent(), dir);
        if (device.isPresent()) {
          return facts(group, prefix, dir.getParent(), device.get());
        }
      }
    }
    return List.of();
  }

  private static List<Path> candidates(Path location) {
    List<Path> paths = new ArrayList<>(List.of(location.toAbsolutePath().normalize()));
    try {
      paths.add(location.toRealPath());
    } catch (IOException e) {
      // Not there (yet): the path as written is all there is to go by.
    }
    return paths;
  }

  /** The device of the lab at {@code root} mounted at {@code mountPoint}, if {@code root} holds such a lab. */
  private static Optional<JsonNode> device(Path root, Path mountPoint) {
    Path file = root.resolve("lab.json");
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      JsonNode lab = JSON.readTree(file.toFile());
      if (lab == null || !lab.path("format").asText().startsWith("commitbench.lab/")) {
        return Optional.empty();
      }
      for (JsonNode d : lab.path("devices")) {
        if (mountPoint.toString().equals(d.path("mount_point").asText(null))) {
          return Optional.of(((com.fasterxml.jackson.databind.node.ObjectNode) d.deepCopy())
              .put("lab_id", lab.path("id").asText()));
        }
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // not a lab file this reads: the location is reported as on no lab
    }
    return Optional.empty();
  }

  private static List<Fact> facts(String group, String prefix, Path root, JsonNode d) {
    String name = d.path("name").asText();
    String profile = d.hasNonNull("profile") ? d.path("profile").asText() : name.equals("ssd") ? "ram" : "throttle";
    List<Fact> facts = new ArrayList<>();
    facts.add(Fact.of(group, prefix + ".lab_device", name + " of lab " + d.path("lab_id").asText() + " at " + root));
    facts.add(Fact.of(group, prefix + ".lab_profile", profile));
    JsonNode c = d.path("calibration");
    String why = c.isObject() ? null : "lab " + root + " recorded no calibration of " + name
        + " (brought up with --no-calibrate, or before calibrations existed)";
    String noFigure = why != null ? why : "not in the lab's calibration";
    facts.add(number(group, prefix + ".lab_fdatasync_p50_us", c.path("fdatasync_p50_us"), noFigure));
    facts.add(number(group, prefix + ".lab_fdatasync_p99_us", c.path("fdatasync_p99_us"), noFigure));
    String noPaced = why != null ? why : "not in the lab's calibration (the built-in probe, or a lab brought up"
        + " before paced syncs were measured)";
    facts.add(number(group, prefix + ".lab_paced_fdatasync_p50_us", c.path("paced_fdatasync_p50_us"), noPaced));
    facts.add(number(group, prefix + ".lab_paced_fdatasync_p99_us", c.path("paced_fdatasync_p99_us"), noPaced));
    String noIops = why != null ? why : "measured by " + c.path("tool").asText() + ", which gives no write IOPS";
    facts.add(number(group, prefix + ".lab_seq_write_iops", c.path("seq_write_iops"), noIops));
    facts.add(number(group, prefix + ".lab_rand_write_iops", c.path("rand_write_iops"), noIops));
    facts.add(why != null ? Fact.unknown(group, prefix + ".lab_calibration", why)
        : Fact.of(group, prefix + ".lab_calibration", c.path("tool").asText() + ", " + c.path("fdatasync_count")
            .asLong() + " fdatasyncs; " + c.path("note").asText()));
    return facts;
  }

  private static Fact number(String group, String name, JsonNode v, String unknownReason) {
    if (!v.isNumber()) {
      return Fact.unknown(group, name, unknownReason);
    }
    return Fact.of(group, name, String.format(Locale.ROOT, "%.1f", v.asDouble()));
  }
}
