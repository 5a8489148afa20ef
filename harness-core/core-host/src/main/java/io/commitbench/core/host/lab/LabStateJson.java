package io.commitbench.core.host.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code lab.json}, format {@code commitbench.lab/3}: one object with {@code format}, {@code id},
 * {@code root}, {@code filesystem}, {@code created}, {@code complete}, {@code devices} (each with
 * {@code name}, {@code image}, {@code size_bytes}, {@code image_created}, {@code loop} and
 * {@code maj_min} and {@code rotational} when attached, {@code formatted}, {@code mount_point}
 * except on a raw disk, {@code mount_point_created}, {@code mounted}, {@code profile}, for a served
 * profile {@code server} ({@code dir}, {@code dir_created}, {@code nbdkit_pid} and
 * {@code nbdfuse_pid} when known, {@code fuse_started}), and once measured {@code calibration}
 * ({@code tool}, {@code fdatasync_count}, {@code fdatasync_p50_us}, {@code fdatasync_p99_us},
 * {@code paced_fdatasync_count}, {@code paced_fdatasync_p50_us}, {@code paced_fdatasync_p99_us},
 * {@code paced_fdatasync_gap_us}, {@code seq_write_iops}, {@code rand_write_iops},
 * {@code rand_write_count}, {@code rand_write_p50_us}, {@code rand_write_p99_us},
 * {@code rand_read_count}, {@code rand_read_p50_us}, {@code rand_read_p99_us} and
 * {@code seq_read_mbs} when measured, {@code note})) and
 * {@code cgroup} ({@code dir}, {@code throttle}: file name to the array of lines written) once made.
 *
 * <p>The {@code paced_fdatasync_*} fields are optional within format 3: a reader that does not
 * know them passes over them, and a calibration without them (the built-in probe's, or a lab.json
 * written without them) reads as one without a paced figure. So are the {@code rand_read_*},
 * {@code rand_write_p*}, {@code rand_write_count} and {@code seq_read_mbs} fields: without them a
 * calibration reads as one without read figures and random write latency.
 *
 * <p>Format 3 has profiles, the nbdkit chain and the calibration, which format 2 lacks; its own
 * number makes a reader of format 2 refuse a lab whose nbdkit and FUSE mount it would not take
 * down. Formats 2 and 1 are still read, each device of its name's default profile (ram ssd,
 * throttled hdd).
 *
 * <p>Format 1 (without raw disks) has one line per throttle file, as a string; it is still read,
 * so such a lab can be taken down. Its own number makes a reader that knows only format 1 refuse
 * a newer file instead of misreading its throttle arrays. Any other format is
 * refused.
 *
 * <p>The one reader and writer of the format: {@code storage lab} writes it after every step, and
 * both the storage agent and a run's environment facts read it through {@link LabState}.
 */
public final class LabStateJson {

  public static final String FORMAT = "commitbench.lab/3";
  /** The format without profiles: read, never written. */
  public static final String FORMAT_2 = "commitbench.lab/2";
  /** The format without raw disks: read, never written. */
  public static final String FORMAT_1 = "commitbench.lab/1";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private LabStateJson() {}

  public static byte[] write(LabState state) throws IOException {
    ObjectNode o = JSON.createObjectNode();
    o.put("format", FORMAT);
    o.put("id", state.id());
    o.put("root", state.root().toString());
    o.put("filesystem", state.filesystem().label());
    o.put("created", state.created().toString());
    o.put("complete", state.complete());
    for (LabDevice d : state.devices()) {
      ObjectNode n = o.withArray("devices").addObject();
      n.put("name", d.name());
      n.put("image", d.image().toString());
      n.put("size_bytes", d.sizeBytes());
      n.put("image_created", d.imageCreated());
      d.loop().ifPresent(v -> n.put("loop", v));
      d.majMin().ifPresent(v -> n.put("maj_min", v));
      d.rotational().ifPresent(v -> n.put("rotational", v));
      n.put("formatted", d.formatted());
      d.mountPoint().ifPresent(v -> n.put("mount_point", v.toString()));
      n.put("mount_point_created", d.mountPointCreated());
      n.put("mounted", d.mounted());
      n.put("profile", d.profile().label());
      d.server().ifPresent(s -> {
        ObjectNode v = n.putObject("server");
        v.put("dir", s.dir().toString());
        v.put("dir_created", s.dirCreated());
        s.nbdkitPid().ifPresent(pid -> v.put("nbdkit_pid", pid));
        v.put("fuse_started", s.fuseStarted());
        s.nbdfusePid().ifPresent(pid -> v.put("nbdfuse_pid", pid));
      });
      d.calibration().ifPresent(c -> {
        ObjectNode v = n.putObject("calibration");
        v.put("tool", c.tool());
        v.put("fdatasync_count", c.fdatasyncCount());
        v.put("fdatasync_p50_us", c.fdatasyncP50Micros());
        v.put("fdatasync_p99_us", c.fdatasyncP99Micros());
        c.paced().ifPresent(p -> {
          v.put("paced_fdatasync_count", p.count());
          v.put("paced_fdatasync_p50_us", p.p50Micros());
          v.put("paced_fdatasync_p99_us", p.p99Micros());
          v.put("paced_fdatasync_gap_us", p.gapMicros());
        });
        c.seqWriteIops().ifPresent(x -> v.put("seq_write_iops", x));
        c.randWriteIops().ifPresent(x -> v.put("rand_write_iops", x));
        c.randWriteLatency().ifPresent(l -> putLatency(v, "rand_write", l));
        c.randReadLatency().ifPresent(l -> putLatency(v, "rand_read", l));
        c.seqReadMBs().ifPresent(x -> v.put("seq_read_mbs", x));
        v.put("note", c.note());
      });
    }
    state.cgroup().ifPresent(c -> {
      ObjectNode n = o.putObject("cgroup");
      n.put("dir", c.dir().toString());
      ObjectNode t = n.putObject("throttle");
      c.throttle().forEach((file, lines) -> lines.forEach(t.putArray(file)::add));
    });
    return (JSON.writeValueAsString(o) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  public static LabState parse(byte[] bytes, Path file) throws IOException {
    JsonNode o = JSON.readTree(bytes);
    if (o == null || !List.of(FORMAT, FORMAT_2, FORMAT_1).contains(o.path("format").asText())) {
      throw new IOException(file + " is not a commitbench lab file (format " + FORMAT + ", " + FORMAT_2 + " or "
          + FORMAT_1 + " expected, found '" + (o == null ? "" : o.path("format").asText()) + "')");
    }
    List<LabDevice> devices = new ArrayList<>();
    for (JsonNode n : o.path("devices")) {
      String name = text(n, "name", file);
      DeviceProfile profile;
      try {
        profile = n.has("profile") ? DeviceProfile.fromLabel(n.path("profile").asText())
            : DeviceProfile.defaultFor(name);
      } catch (IllegalArgumentException e) {
        throw new IOException(file + ": device '" + name + "': " + e.getMessage(), e);
      }
      devices.add(new LabDevice(name, Path.of(text(n, "image", file)), n.path("size_bytes").asLong(),
          n.path("image_created").asBoolean(), optional(n, "loop"), optional(n, "maj_min"), optional(n, "rotational"),
          n.path("formatted").asBoolean(), optional(n, "mount_point").map(Path::of),
          n.path("mount_point_created").asBoolean(), n.path("mounted").asBoolean(), profile,
          server(n.get("server"), file), calibration(n.get("calibration"))));
    }
    Optional<LabCgroup> cgroup = Optional.empty();
    JsonNode c = o.path("cgroup");
    if (c.isObject()) {
      Map<String, List<String>> throttle = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = c.path("throttle").fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        throttle.put(e.getKey(), lines(e.getValue()));
      }
      cgroup = Optional.of(new LabCgroup(Path.of(text(c, "dir", file)), throttle));
    }
    return new LabState(text(o, "id", file), Path.of(text(o, "root", file)),
        LabFilesystem.fromLabel(text(o, "filesystem", file)), Instant.parse(text(o, "created", file)),
        o.path("complete").asBoolean(), devices, cgroup);
  }

  private static Optional<LabServer> server(JsonNode v, Path file) throws IOException {
    if (v == null || !v.isObject()) {
      return Optional.empty();
    }
    return Optional.of(new LabServer(Path.of(text(v, "dir", file)), v.path("dir_created").asBoolean(),
        number(v, "nbdkit_pid").map(JsonNode::asLong), v.path("fuse_started").asBoolean(),
        number(v, "nbdfuse_pid").map(JsonNode::asLong)));
  }

  private static Optional<Calibration> calibration(JsonNode v) {
    if (v == null || !v.isObject()) {
      return Optional.empty();
    }
    return Optional.of(new Calibration(v.path("tool").asText(), v.path("fdatasync_count").asLong(),
        v.path("fdatasync_p50_us").asDouble(), v.path("fdatasync_p99_us").asDouble(), paced(v),
        number(v, "seq_write_iops").map(JsonNode::asDouble), number(v, "rand_write_iops").map(JsonNode::asDouble),
        latency(v, "rand_read"), latency(v, "rand_write"), number(v, "seq_read_mbs").map(JsonNode::asDouble),
        v.path("note").asText()));
  }

  private static void putLatency(ObjectNode v, String prefix, Calibration.Latency l) {
    v.put(prefix + "_count", l.count());
    v.put(prefix + "_p50_us", l.p50Micros());
    v.put(prefix + "_p99_us", l.p99Micros());
  }

  /** The latencies {@code <prefix>_count}, {@code _p50_us}, {@code _p99_us}, when the calibration has them. */
  private static Optional<Calibration.Latency> latency(JsonNode v, String prefix) {
    return number(v, prefix + "_p50_us").map(p50 -> new Calibration.Latency(v.path(prefix + "_count").asLong(),
        p50.asDouble(), v.path(prefix + "_p99_us").asDouble()));
  }

  /** The paced fdatasync figures, when the calibration has them (fio's). */
  private static Optional<Calibration.PacedSync> paced(JsonNode v) {
    return number(v, "paced_fdatasync_p50_us").map(p50 -> new Calibration.PacedSync(
        v.path("paced_fdatasync_count").asLong(), p50.asDouble(), v.path("paced_fdatasync_p99_us").asDouble(),
        v.path("paced_fdatasync_gap_us").asLong()));
  }

  private static Optional<JsonNode> number(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v != null && v.isNumber() ? Optional.of(v) : Optional.empty();
  }

  /** A throttle file's lines: an array of them, or (format 1) the one line as a string. */
  private static List<String> lines(JsonNode value) {
    if (!value.isArray()) {
      return List.of(value.asText());
    }
    List<String> lines = new ArrayList<>();
    value.forEach(line -> lines.add(line.asText()));
    return lines;
  }

  private static String text(JsonNode n, String field, Path file) throws IOException {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual()) {
      throw new IOException(file + ": field '" + field + "' missing or not text");
    }
    return v.asText();
  }

  private static Optional<String> optional(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? Optional.empty() : Optional.of(v.asText());
  }
}
