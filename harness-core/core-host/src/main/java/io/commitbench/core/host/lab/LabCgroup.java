package io.commitbench.core.host.lab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The blkio cgroup {@code up} made for the throttled devices (the hdd and every raw disk) and the
 * throttle lines it wrote into it: one line per throttled device in each throttle file, as the
 * kernel keeps one rule per device.
 *
 * @param dir the cgroup directory, e.g. {@code /sys/fs/cgroup/blkio/commitbench-lab-1a2b3c4d}
 * @param throttle throttle file name to the lines written, in the order written, e.g.
 *     {@code blkio.throttle.write_iops_device} to {@code [7:4 150, 7:5 150]}
 */
public record LabCgroup(Path dir, Map<String, List<String>> throttle) {

  public LabCgroup {
    Map<String, List<String>> copy = new TreeMap<>();
    throttle.forEach((file, lines) -> copy.put(file, List.copyOf(lines)));
    throttle = Collections.unmodifiableMap(copy);
  }

  /** This cgroup with {@code line} recorded as written to {@code file}, after the lines written before. */
  public LabCgroup withLine(String file, String line) {
    Map<String, List<String>> more = new TreeMap<>(throttle);
    List<String> lines = new ArrayList<>(more.getOrDefault(file, List.of()));
    lines.add(line);
    more.put(file, lines);
    return new LabCgroup(dir, more);
  }
}
