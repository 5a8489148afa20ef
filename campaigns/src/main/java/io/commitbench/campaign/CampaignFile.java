package io.commitbench.campaign;

import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.key.ByteSize;
import io.commitbench.core.config.KeySuggestion;
import io.commitbench.core.key.Violation;
import io.commitbench.storage.instance.InstanceEngines;
import io.commitbench.storage.lab.Aging;
import io.commitbench.storage.lab.LabSpec;
import io.commitbench.storage.layout.LayoutFilesystem;
import io.commitbench.storage.layout.VolumeManager;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a campaign file ({@code .properties}). Every key, its default and meaning is in {@link #KEYS};
 * every violation is collected and reported at once, naming the key, the value and what is allowed.
 *
 * <pre>
 * campaign.workload=campaign-workload.properties
 * campaign.load=prepare
 * campaign.runs=3
 * campaign.dbms=postgresql,mariadb
 * campaign.layouts=btrfs-raid0/btrfs@1-3, plain/ext4, plain/xfs
 * campaign.snapshots=0,1,2,5
 * </pre>
 */
public final class CampaignFile {

  /** Every key with its default ({@code null}: required or derived) and what it means. */
  public static final Map<String, String[]> KEYS = keys();

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  private static final Pattern LAYOUT = Pattern.compile("([a-z0-9-]+)/([a-z0-9]+)(?:@(\\d+)(?:-(\\d+))?)?");
  private static final int MAX_SNAPSHOTS = 32;
  private static final int MAX_RUNS = 20;
  /** The value of campaign.load that makes the load the workload's own prepared data set. */
  static final String PREPARE = "prepare";
  /** The value of campaign.log-on that keeps the log with the data on the layout. */
  static final String LOG_ON_LAYOUT = "layout";

  private CampaignFile() {}

  private static Map<String, String[]> keys() {
    Map<String, String[]> k = new LinkedHashMap<>();
    k.put("campaign.name", new String[] {null, "Name of the campaign (letters, digits, '.', '_', '-'); default: the file's name."});
    k.put("campaign.workload", new String[] {null, "Parameter file measured in every cell (relative to this file); required."});
    k.put("campaign.load", new String[] {null, "Parameter file run before the snapshots to put data on the volume,"
        + " or 'prepare': the workload's own data set, made as 'commitbench prepare' makes it and reused by every"
        + " measured run (the workload file says load=reuse); default: the workload file, run once."});
    k.put("campaign.runs", new String[] {null, "Times each cell is measured, 1.." + MAX_RUNS + ", on the same loaded data"
        + " and snapshots (runs of the measured run): the tables show the median and the range; default: the"
        + " workload file's runs."});
    k.put("campaign.dbms", new String[] {null, "Database kinds, comma-separated: " + String.join(", ", InstanceEngines.kinds()) + "; required."});
    k.put("campaign.layouts", new String[] {null, "Layouts, comma-separated, each MANAGER/FILESYSTEM[@N or @A-B disks]; required."});
    k.put("campaign.disks", new String[] {"1", "Disk counts for layouts without @: N, A-B or a comma list, each 1..5; plain layouts use 1."});
    k.put("campaign.snapshots", new String[] {"0", "Snapshot counts, comma-separated, each 0.." + MAX_SNAPSHOTS + ": the tables' columns."});
    k.put("campaign.write-log-through", new String[] {"true", "Whether each cell, after the load and before the"
        + " snapshots, stops its server, rewrites its log files in place and starts it again, so that none of the log"
        + " is preallocated and unwritten, as in a server that has run a while (MariaDB preallocates its redo log;"
        + " on btrfs the first pass through it costs about 1.5 write I/Os per commit instead of 1, and a snapshot"
        + " hides that, so cells without snapshots measured slower); false: measure the log as the server made it."});
    k.put("campaign.log-on", new String[] {"layout", "Where each cell's log goes: 'layout' (with the data), or the lab's"
        + " 'hdd' or 'ssd', comma-separated; each layout is measured once per entry. A lab device needs campaign.devices=lab."});
    k.put("campaign.devices", new String[] {"lab", "'lab' for throttled loop devices made by the campaign, or block devices, comma-separated."});
    k.put("campaign.lab.disk-size", new String[] {"512M", "Size of each lab disk image (sparse)."});
    k.put("campaign.lab.write-iops", new String[] {"150", "Write IOPS limit of each lab disk (a slow disk); 0 for none."});
    k.put("campaign.lab.device-size", new String[] {"1G", "Size of the lab's ssd and hdd images, on which campaign.log-on puts a log."});
    k.put("campaign.lab.ssd-profile", new String[] {"ssd", "Profile of the lab's ssd: " + DeviceProfile.allowed() + " (see docs/lab.md)."});
    k.put("campaign.lab.hdd-profile", new String[] {"hdd", "Profile of the lab's hdd: " + DeviceProfile.allowed() + " (see docs/lab.md)."});
    k.put("campaign.lab.ssd-age", new String[] {"0", "Percent of the lab's ssd's free space (0 to 95) that a kept file fills and random 8 KiB"
        + " overwrites age before the cells run, so a flash model's free blocks are used up; 0 for none."});
    k.put("campaign.lab.ssd-age-seconds", new String[] {"60", "How long the ssd's aging overwrites run (1 to 3600)."});
    k.put("campaign.overwrite", new String[] {"false", "Whether given devices that carry a filesystem or volume signature may be overwritten."});
    k.put("campaign.output", new String[] {null, "Results folder (tables, chart, a folder per cell); default: campaigns/NAME."});
    k.put("campaign.work", new String[] {null, "Scratch folder for the lab, layout and instance; default: /var/tmp/commitbench-campaign/NAME."});
    return java.util.Collections.unmodifiableMap(k);
  }

  /** Reads and validates the file; relative parameter files are resolved against its folder. */
  public static CampaignSpec read(Path file) throws CampaignFileException {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException | IllegalArgumentException e) {
      throw new CampaignFileException(List.of(new Violation("file", file.toString(),
          "cannot read the campaign file (" + e.getMessage() + "); allowed: a readable Java .properties file")));
    }
    Map<String, String> raw = new LinkedHashMap<>();
    new TreeSet<>(properties.stringPropertyNames()).forEach(key -> raw.put(key.trim(), properties.getProperty(key).trim()));
    return new Binding(file.toAbsolutePath().normalize(), raw).bind();
  }

  /** One reading of a file: the values, and the violations found so far. */
  private static final class Binding {
    private final Path file;
    private final Map<String, String> raw;
    private final List<Violation> violations = new ArrayList<>();

    Binding(Path file, Map<String, String> raw) {
      this.file = file;
      this.raw = raw;
    }

    CampaignSpec bind() throws CampaignFileException {
      for (String key : raw.keySet()) {
        if (!KEYS.containsKey(key)) {
          String hint = KeySuggestion.closest(key, KEYS.keySet()).map(k -> "; did you mean " + k + "?").orElse("");
          violations.add(new Violation(key, raw.get(key), "unknown key" + hint + " Known keys: "
              + String.join(", ", KEYS.keySet())));
        }
      }
      String name = name();
      Path workload = parameterFile("campaign.workload", required("campaign.workload"));
      boolean prepare = value("campaign.load").filter(PREPARE::equals).isPresent();
      Path load = prepare ? workload
          : value("campaign.load").map(v -> parameterFile("campaign.load", v)).orElse(workload);
      OptionalInt runs = runs();
      List<String> dbms = dbms();
      List<Integer> defaultDisks = diskCounts("campaign.disks", value("campaign.disks").orElse("1"));
      List<LayoutChoice> layouts = logOn(layouts(defaultDisks));
      List<Integer> snapshots = snapshots();
      boolean writeLogThrough = bool("campaign.write-log-through", "true");
      DiskSource disks = disks();
      Path output = value("campaign.output").map(Path::of).orElse(Path.of("campaigns", name)).toAbsolutePath().normalize();
      Path work = value("campaign.work").map(Path::of).orElse(Path.of("/var/tmp/commitbench-campaign", name))
          .toAbsolutePath().normalize();
      if (disks != null && layouts != null) {
        int most = layouts.stream().flatMap(l -> l.diskCounts().stream()).mapToInt(Integer::intValue).max().orElse(1);
        if (disks.available() < most) {
          violations.add(new Violation("campaign.devices", raw.get("campaign.devices"), "names " + disks.available()
              + " devices but a layout spans " + most + "; allowed: at least as many devices as the most disks asked"));
        }
      }
      if (!violations.isEmpty()) {
        throw new CampaignFileException(violations);
      }
      return new CampaignSpec(name, file, workload, load, prepare, runs, dbms, layouts, snapshots, writeLogThrough,
          disks, output, work);
    }

    private Optional<String> value(String key) {
      return Optional.ofNullable(raw.get(key)).filter(v -> !v.isEmpty());
    }

    private String required(String key) {
      Optional<String> v = value(key);
      if (v.isEmpty()) {
        violations.add(new Violation(key, null, "missing; " + KEYS.get(key)[1]));
      }
      return v.orElse(null);
    }

    private String name() {
      String fallback = file.getFileName().toString().replaceFirst("\\.properties$", "");
      String name = value("campaign.name").orElse(fallback);
      if (!IDENTIFIER.matcher(name).matches()) {
        if (raw.containsKey("campaign.name")) {
          violations.add(new Violation("campaign.name", name,
              "not allowed; use 1 to 64 letters, digits, '.', '_' and '-', starting with a letter or digit"));
        }
        return "campaign";
      }
      return name;
    }

    private Path parameterFile(String key, String value) {
      if (value == null) {
        return null;
      }
      Path resolved = file.getParent().resolve(value).normalize();
      if (!Files.isRegularFile(resolved)) {
        violations.add(new Violation(key, value, "no such file (" + resolved
            + "); allowed: a parameter file, relative to the campaign file's folder or absolute"));
      }
      return resolved;
    }

    private List<String> dbms() {
      String value = required("campaign.dbms");
      if (value == null) {
        return List.of();
      }
      List<String> kinds = split(value);
      for (String kind : kinds) {
        if (!InstanceEngines.kinds().contains(kind)) {
          violations.add(new Violation("campaign.dbms", value, "'" + kind + "' is not a managed database kind; allowed: "
              + String.join(", ", InstanceEngines.kinds())));
        }
      }
      return kinds.stream().distinct().toList();
    }

    private List<LayoutChoice> layouts(List<Integer> defaultDisks) {
      String value = required("campaign.layouts");
      if (value == null) {
        return List.of();
      }
      List<LayoutChoice> layouts = new ArrayList<>();
      for (String entry : split(value)) {
        layout(value, entry, defaultDisks).ifPresent(layouts::add);
      }
      return layouts;
    }

    private Optional<LayoutChoice> layout(String value, String entry, List<Integer> defaultDisks) {
      Matcher m = LAYOUT.matcher(entry);
      String allowed = "allowed: MANAGER/FILESYSTEM[@N or @A-B], MANAGER one of " + VolumeManager.labels()
          + ", FILESYSTEM one of " + LayoutFilesystem.labels() + ", e.g. btrfs-raid0/btrfs@1-3";
      if (!m.matches()) {
        violations.add(new Violation("campaign.layouts", value, "'" + entry + "' is not a layout; " + allowed));
        return Optional.empty();
      }
      Optional<VolumeManager> manager = VolumeManager.byLabel(m.group(1));
      Optional<LayoutFilesystem> fs = LayoutFilesystem.byLabel(m.group(2));
      if (manager.isEmpty() || fs.isEmpty()) {
        violations.add(new Violation("campaign.layouts", value, "'" + entry + "' names an unknown "
            + (manager.isEmpty() ? "manager '" + m.group(1) + "'" : "filesystem '" + m.group(2) + "'") + "; " + allowed));
        return Optional.empty();
      }
      if (manager.get() == VolumeManager.BTRFS_RAID0 && fs.get() != LayoutFilesystem.BTRFS) {
        violations.add(new Violation("campaign.layouts", value, "'" + entry
            + "': btrfs-raid0 is btrfs's own RAID0; allowed: btrfs-raid0/btrfs"));
        return Optional.empty();
      }
      List<Integer> disks = defaultDisks;
      if (m.group(3) != null) {
        disks = diskCounts("campaign.layouts", m.group(3) + (m.group(4) != null ? "-" + m.group(4) : ""));
      }
      if (manager.get() == VolumeManager.PLAIN) {
        if (m.group(3) != null && !disks.equals(List.of(1))) {
          violations.add(new Violation("campaign.layouts", value, "'" + entry
              + "': a plain layout is one filesystem on one disk; allowed: plain/FILESYSTEM or plain/FILESYSTEM@1"));
        }
        disks = List.of(1);
      }
      return Optional.of(new LayoutChoice(manager.get(), fs.get(), disks));
    }

    /** {@code N}, {@code A-B} or {@code A,B,C}, each 1..5; ascending, distinct. */
    private List<Integer> diskCounts(String key, String value) {
      List<Integer> counts = new ArrayList<>();
      Matcher range = Pattern.compile("(\\d+)-(\\d+)").matcher(value);
      try {
        if (range.matches()) {
          for (int n = Integer.parseInt(range.group(1)); n <= Integer.parseInt(range.group(2)); n++) {
            counts.add(n);
          }
        } else {
          for (String part : split(value)) {
            counts.add(Integer.parseInt(part));
          }
        }
      } catch (NumberFormatException e) {
        counts.clear();
      }
      if (counts.isEmpty() || counts.stream().anyMatch(n -> n < 1 || n > LabSpec.MAX_DISKS)) {
        violations.add(new Violation(key, value, "not disk counts; allowed: N, A-B or a comma list, each from 1 to "
            + LabSpec.MAX_DISKS));
        return List.of(1);
      }
      return counts.stream().distinct().sorted().toList();
    }

    private OptionalInt runs() {
      Optional<String> value = value("campaign.runs");
      if (value.isEmpty()) {
        return OptionalInt.empty();
      }
      try {
        int runs = Integer.parseInt(value.get());
        if (runs >= 1 && runs <= MAX_RUNS) {
          return OptionalInt.of(runs);
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      violations.add(new Violation("campaign.runs", value.get(), "not a number of runs; allowed: a whole number from 1"
          + " to " + MAX_RUNS + ", or no value for the workload file's own runs"));
      return OptionalInt.empty();
    }

    private List<Integer> snapshots() {
      String value = value("campaign.snapshots").orElse("0");
      List<Integer> counts = new ArrayList<>();
      try {
        for (String part : split(value)) {
          counts.add(Integer.parseInt(part));
        }
      } catch (NumberFormatException e) {
        counts.clear();
      }
      if (counts.isEmpty() || counts.stream().anyMatch(n -> n < 0 || n > MAX_SNAPSHOTS)) {
        violations.add(new Violation("campaign.snapshots", value, "not snapshot counts; allowed: a comma list, each from 0 to "
            + MAX_SNAPSHOTS + ", e.g. 0,1,2,5"));
        return List.of(0);
      }
      return counts.stream().distinct().sorted().toList();
    }

    private Aging aging() {
      long percent = count("campaign.lab.ssd-age", value("campaign.lab.ssd-age").orElse("0"));
      long seconds = count("campaign.lab.ssd-age-seconds", value("campaign.lab.ssd-age-seconds").orElse("60"));
      try {
        return new Aging((int) Math.min(percent, Integer.MAX_VALUE), (int) Math.min(seconds, Integer.MAX_VALUE));
      } catch (IllegalArgumentException e) {
        violations.add(new Violation("campaign.lab.ssd-age", percent + " % for " + seconds + " s", e.getMessage()));
        return Aging.NONE;
      }
    }

    private DiskSource disks() {
      String devices = value("campaign.devices").orElse("lab");
      boolean overwrite = bool("campaign.overwrite", "false");
      if (devices.equals("lab")) {
        long size = size("campaign.lab.disk-size", value("campaign.lab.disk-size").orElse("512M"));
        long iops = count("campaign.lab.write-iops", value("campaign.lab.write-iops").orElse("150"));
        long deviceSize = size("campaign.lab.device-size", value("campaign.lab.device-size").orElse("1G"));
        return new DiskSource.LabDisks(size, iops, deviceSize, profile("campaign.lab.ssd-profile", "ssd"),
            profile("campaign.lab.hdd-profile", "hdd"), aging());
      }
      List<Path> paths = split(devices).stream().map(Path::of).toList();
      for (Path device : paths) {
        if (!device.isAbsolute()) {
          violations.add(new Violation("campaign.devices", devices, "'" + device
              + "' is not an absolute device path; allowed: lab, or block devices such as /dev/sdb,/dev/sdc"));
        }
      }
      if (paths.stream().distinct().count() != paths.size()) {
        violations.add(new Violation("campaign.devices", devices, "names a device twice; allowed: distinct devices"));
      }
      return new DiskSource.GivenDevices(paths, overwrite);
    }

    /**
     * Each layout once per entry of {@code campaign.log-on}, in its order: {@code layout} keeps the
     * log with the data, {@code hdd} or {@code ssd} puts it on that lab device.
     */
    private List<LayoutChoice> logOn(List<LayoutChoice> layouts) {
      String value = value("campaign.log-on").orElse(LOG_ON_LAYOUT);
      List<Optional<String>> places = new ArrayList<>();
      for (String entry : split(value)) {
        if (entry.equals(LOG_ON_LAYOUT)) {
          places.add(Optional.empty());
        } else if (entry.equals(LabDevice.SSD) || entry.equals(LabDevice.HDD)) {
          places.add(Optional.of(entry));
        } else {
          violations.add(new Violation("campaign.log-on", value, "'" + entry + "' is not a place for the log; allowed: "
              + LOG_ON_LAYOUT + ", " + LabDevice.HDD + ", " + LabDevice.SSD + ", comma-separated"));
        }
      }
      if (places.stream().distinct().count() != places.size()) {
        violations.add(new Violation("campaign.log-on", value, "names a place twice; allowed: each once"));
      }
      if (places.stream().anyMatch(Optional::isPresent) && !value("campaign.devices").orElse("lab").equals("lab")) {
        violations.add(new Violation("campaign.log-on", value, "puts a log on a lab device, but campaign.devices names"
            + " block devices; allowed: campaign.devices=lab, or campaign.log-on=" + LOG_ON_LAYOUT));
      }
      List<LayoutChoice> expanded = new ArrayList<>();
      for (LayoutChoice layout : layouts) {
        for (Optional<String> place : places.isEmpty() ? List.of(Optional.<String>empty()) : places) {
          expanded.add(new LayoutChoice(layout.manager(), layout.filesystem(), layout.diskCounts(), place));
        }
      }
      return expanded;
    }

    private DeviceProfile profile(String key, String absent) {
      String v = value(key).orElse(absent);
      try {
        return DeviceProfile.fromLabel(v);
      } catch (IllegalArgumentException e) {
        violations.add(new Violation(key, v, "not a device profile; allowed: " + DeviceProfile.allowed()));
        return DeviceProfile.fromLabel(absent);
      }
    }

    private boolean bool(String key, String absent) {
      String v = value(key).orElse(absent);
      if (!v.equals("true") && !v.equals("false")) {
        violations.add(new Violation(key, v, "not a boolean; allowed: true or false"));
      }
      return v.equals("true");
    }

    private long size(String key, String v) {
      try {
        long bytes = ByteSize.parse(v);
        if (bytes < LabSpec.MIN_DISK_SIZE) {
          violations.add(new Violation(key, v, "too small; allowed: at least " + (LabSpec.MIN_DISK_SIZE >> 20)
              + "M (btrfs needs that per device)"));
        }
        return bytes;
      } catch (IllegalArgumentException e) {
        violations.add(new Violation(key, v, "not a size; allowed: " + ByteSize.ALLOWED));
        return 0;
      }
    }

    private long count(String key, String v) {
      try {
        long n = Long.parseLong(v);
        if (n >= 0) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      violations.add(new Violation(key, v, "not a whole number; allowed: 0 (no limit) or more"));
      return 0;
    }
  }

  private static List<String> split(String value) {
    return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

}
