package io.commitbench.storage.lab;

import java.nio.file.Path;
import java.util.Map;

/**
 * The blkio cgroup {@code up} made for the hdd device and the throttle lines it wrote into it.
 *
 * @param dir the cgroup directory, e.g. {@code /sys/fs/cgroup/blkio/commitbench-lab-1a2b3c4d}
 * @param throttle throttle file name to the line written, e.g. {@code blkio.throttle.write_iops_device}
 *     to {@code 7:4 150}
 */
public record LabCgroup(Path dir, Map<String, String> throttle) {

  public LabCgroup {
    throttle = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(throttle));
  }
}
