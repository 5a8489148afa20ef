package io.commitbench.storage.lab;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * What {@code storage lab up} is asked to build: where, under which id, with which filesystem,
 * how big, and how hard the "hdd" is throttled.
 *
 * <pre>
 * LabSpec spec = LabSpec.defaults(Path.of("/var/tmp/commitbench-lab")).withSizes(128L &lt;&lt; 20, 128L &lt;&lt; 20);
 * </pre>
 *
 * @param root the lab's directory: mounts {@code ssd} and {@code hdd}, the hdd image, lab.json
 * @param id names the cgroup ({@code commitbench-ID}) and the ssd image in /dev/shm
 * @param filesystem the filesystem made on both devices
 * @param ssdBytes the ssd image's size (sparse, in /dev/shm)
 * @param hddBytes the hdd image's size (sparse, under the root)
 * @param hddThrottle the blkio limits on the hdd device
 */
public record LabSpec(Path root, String id, LabFilesystem filesystem, long ssdBytes, long hddBytes,
    Throttle hddThrottle) {

  /** The root used when none is given. */
  public static final Path DEFAULT_ROOT = Path.of("/var/tmp/commitbench-lab");
  /** Both devices' size when none is given: 1 GiB, sparse. */
  public static final long DEFAULT_SIZE = 1L << 30;

  private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");

  public LabSpec {
    root = root.toAbsolutePath().normalize();
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException("lab id '" + id
          + "' is not allowed; use 1 to 40 lower-case letters, digits and '-', starting with a letter or digit");
    }
    for (long size : new long[] {ssdBytes, hddBytes}) {
      if (size < filesystem.minimumBytes()) {
        throw new IllegalArgumentException("device size " + size + " bytes is below what " + filesystem.program()
            + " accepts; give at least " + (filesystem.minimumBytes() >> 20) + "M");
      }
    }
  }

  /** Defaults for a root: ext4, 1 GiB each, 150 write IOPS on the hdd, id derived from the root. */
  public static LabSpec defaults(Path root) {
    return new LabSpec(root, idFor(root), LabFilesystem.EXT4, DEFAULT_SIZE, DEFAULT_SIZE, Throttle.DEFAULT);
  }

  /** {@code lab-} and 8 hex digits of the root's absolute path: stable, and distinct per root. */
  public static String idFor(Path root) {
    try {
      byte[] hash = MessageDigest.getInstance("SHA-256")
          .digest(root.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8));
      return "lab-" + HexFormat.of().formatHex(hash, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  public LabSpec withId(String newId) {
    return new LabSpec(root, newId, filesystem, ssdBytes, hddBytes, hddThrottle);
  }

  public LabSpec withFilesystem(LabFilesystem fs) {
    return new LabSpec(root, id, fs, ssdBytes, hddBytes, hddThrottle);
  }

  public LabSpec withSizes(long ssd, long hdd) {
    return new LabSpec(root, id, filesystem, ssd, hdd, hddThrottle);
  }

  public LabSpec withThrottle(Throttle throttle) {
    return new LabSpec(root, id, filesystem, ssdBytes, hddBytes, throttle);
  }

  /** The cgroup's directory name under the blkio hierarchy. */
  public String cgroupName() {
    return "commitbench-" + id;
  }
}
