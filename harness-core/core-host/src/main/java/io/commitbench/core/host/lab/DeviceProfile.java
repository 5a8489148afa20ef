package io.commitbench.core.host.lab;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How a lab device behaves, chosen per device ({@code ssd}, {@code hdd}) when the lab comes up.
 * The first two are plain loop devices; the others put a per-I/O latency model between
 * the filesystem and its image, so the device is slow for every process on the host, not only
 * for those in the lab's cgroup:
 *
 * <ul>
 *   <li>{@code ram}: a loop device over a sparse image in {@code /dev/shm} (rotational 0); the
 *       default of the ssd.
 *   <li>{@code throttle}: a loop device over an image on the root's disk (rotational 1) with the
 *       cgroup v1 blkio limits of the spec; only processes started in the lab's cgroup see them.
 *       The default of the hdd and of every raw disk.
 *   <li>{@code hdd}: nbdkit's {@code file} plugin over an image on the root's disk, behind its
 *       {@code delay} and {@code rate} filters, one request at a time as one actuator serves them
 *       (nbdkit {@code --threads=1}, nbdfuse over one connection, {@code -C 1}), exposed as a file
 *       by nbdfuse (FUSE), a loop device over that file (rotational 1). Each read and write waits an average seek plus half a revolution of
 *       a 7,200 rpm disk: 8.2 ms (HGST Ultrastar 7K4000 specification, table 6, average seek, read
 *       and write, typical) + 4.16 ms (60 s / 7,200 / 2), rounded to the filter's millisecond:
 *       12 ms. Bandwidth at most 138 MB/s (Seagate Barracuda XT data sheet, sustained data rate
 *       OD), {@code rate=1104M} bits per second.
 *   <li>{@code ssd}: the same chain without a delay, over an image on the root's disk, so its
 *       latency is the host's own disk's (a SATA SSD's write latency, tens of microseconds, is
 *       below the delay filter's millisecond); bandwidth at most a SATA 3.0 link's 600 MB/s
 *       (6 Gbit/s, 8b/10b), {@code rate=4800M}.
 *   <li>{@code disk-7200}, {@code disk-15k}: a {@link DeviceModel#DISK rotating-disk model}
 *       (rotational 1) with the parameters of a 7,200 rpm and a 15,000 rpm drive.
 *   <li>{@code flash-sata}, {@code flash-nvme}: a {@link DeviceModel#FLASH flash SSD model}
 *       (rotational 0): a SATA drive without power-loss protection and an NVMe drive with it.
 * </ul>
 *
 * <p>A model profile's figures and their sources are in its profile file, which the model reads.
 *
 * <p>{@code lab up} measures each device afterwards and records the figures in {@code lab.json}: a
 * profile states what was asked for, the calibration what the device does on this host.
 */
public enum DeviceProfile {
  RAM("0", 0, 0, List.of(), List.of()),
  THROTTLE("1", 0, 0, List.of(), List.of()),
  HDD("1", 12, 12, List.of("delay", "rate"), List.of("delay-read=12ms", "delay-write=12ms", "rate=1104M")),
  SSD("0", 0, 0, List.of("rate"), List.of("rate=4800M")),
  DISK_7200(DeviceModel.DISK),
  DISK_15K(DeviceModel.DISK),
  FLASH_SATA(DeviceModel.FLASH),
  FLASH_NVME(DeviceModel.FLASH);

  private final String rotational;
  private final int readDelayMillis;
  private final int writeDelayMillis;
  private final List<String> filters;
  private final List<String> filterParameters;
  private final Optional<DeviceModel> model;

  DeviceProfile(String rotational, int readDelayMillis, int writeDelayMillis, List<String> filters,
      List<String> filterParameters) {
    this.rotational = rotational;
    this.readDelayMillis = readDelayMillis;
    this.writeDelayMillis = writeDelayMillis;
    this.filters = filters;
    this.filterParameters = filterParameters;
    this.model = Optional.empty();
  }

  /** A profile served by a device model, whose parameters are in the model's profile file {@link #modelProfileFile()}. */
  DeviceProfile(DeviceModel model) {
    this.rotational = model.rotational();
    this.readDelayMillis = 0;
    this.writeDelayMillis = 0;
    this.filters = List.of();
    this.filterParameters = List.of();
    this.model = Optional.of(model);
  }

  /**
   * The name in options and in {@code lab.json}: {@code ram}, {@code throttle}, {@code hdd}, {@code ssd},
   * {@code disk-7200}, {@code disk-15k}, {@code flash-sata}, {@code flash-nvme}.
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** What {@code /sys/block/loopN/queue/rotational} is made to read. */
  public String rotational() {
    return rotational;
  }

  /** The device model that serves the device, for the model profiles. */
  public Optional<DeviceModel> model() {
    return model;
  }

  /** The model's profile file, {@code LABEL.profile}, among the model sources (profiles/). */
  public String modelProfileFile() {
    return label() + ".profile";
  }

  /** The image lives in the tmpfs ({@code /dev/shm}) rather than under the root. */
  public boolean inMemory() {
    return this == RAM;
  }

  /** The lab's blkio cgroup limits the device (only for processes started in that cgroup). */
  public boolean throttled() {
    return this == THROTTLE;
  }

  /** The device is served by nbdkit through nbdfuse, and the loop device is over the FUSE file. */
  public boolean served() {
    return !filters.isEmpty() || model.isPresent();
  }

  /** The delay filter's wait before each write, in milliseconds; 0 when there is none. */
  public int writeDelayMillis() {
    return writeDelayMillis;
  }

  /** The delay filter's wait before each read, in milliseconds; 0 when there is none. */
  public int readDelayMillis() {
    return readDelayMillis;
  }

  /**
   * One request at a time, as a disk with one actuator serves them: nbdkit {@code --threads=1}
   * and nbdfuse over one connection ({@code -C 1}); the hdd profile and the disk model. (nbdkit's
   * noparallel filter would do the same but keeps nbdfuse from exiting for tens of seconds after
   * its unmount.) The flash model takes requests side by side, as a drive's queue does, its dies
   * giving the parallelism.
   */
  public boolean serial() {
    return this == HDD || model.equals(Optional.of(DeviceModel.DISK));
  }

  /** nbdkit's options before the plugin: the filters, outermost first, and {@code --threads=1} when serial. */
  public List<String> nbdkitOptions() {
    List<String> options = new java.util.ArrayList<>(serial() ? List.of("--threads=1") : List.of());
    filters.forEach(f -> options.add("--filter=" + f));
    return options;
  }

  /** nbdfuse's options before its mount: one connection when serial. */
  public List<String> nbdfuseOptions() {
    return serial() ? List.of("-C", "1") : List.of();
  }

  /** The filters' parameters, as nbdkit takes them after the plugin's. */
  public List<String> filterParameters() {
    return filterParameters;
  }

  /** The profile a device has when none is given: ram for the ssd, throttle for the hdd and the raw disks. */
  public static DeviceProfile defaultFor(String deviceName) {
    return LabDevice.SSD.equals(deviceName) ? RAM : THROTTLE;
  }

  /** The profile named {@code label}; anything else is refused with the names allowed. */
  public static DeviceProfile fromLabel(String label) {
    for (DeviceProfile p : values()) {
      if (p.label().equals(label)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown device profile '" + label + "'; allowed: " + allowed());
  }

  /** The profile names, comma-separated, in declaration order. */
  public static String allowed() {
    return Arrays.stream(values()).map(DeviceProfile::label).collect(Collectors.joining(", "));
  }
}
