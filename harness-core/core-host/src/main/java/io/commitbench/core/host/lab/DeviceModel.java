package io.commitbench.core.host.lab;

import java.nio.file.Path;
import java.util.List;

/**
 * A device model: an nbdkit plugin in C that charges every read, write, flush and trim of a lab
 * device the time a real drive of its kind would take. {@code lab up} compiles it from the
 * sources the storage agent carries ({@code storage-agent/src/main/device-models}) into the
 * device's chain directory and serves the image through it, one request at a time.
 *
 * <ul>
 *   <li>{@code disk}: a rotating disk — seek time over the distance, rotation from the clock,
 *       zoned recording, a read-ahead track buffer, a volatile write cache that a flush drains.
 *   <li>{@code flash}: a flash SSD — a page-mapped FTL with over-provisioning, garbage collection
 *       that copies pages and erases blocks, TRIM that frees pages, a write cache with or without
 *       power-loss protection.
 * </ul>
 */
public enum DeviceModel {
  DISK("disk", "1"),
  FLASH("flash", "0");

  private final String label;
  private final String rotational;

  DeviceModel(String label, String rotational) {
    this.label = label;
    this.rotational = rotational;
  }

  /** {@code disk} or {@code flash}: the prefix of its C sources ({@code disk_model.c}, ...). */
  public String label() {
    return label;
  }

  /** What the loop device's rotational flag reads. */
  public String rotational() {
    return rotational;
  }

  /** The plugin's file name once compiled: {@code cbdisk.so}, {@code cbflash.so}. */
  public String pluginFile() {
    return "cb" + label + ".so";
  }

  /** The C sources the plugin is compiled from, the shared ones first. */
  public List<String> sources() {
    return List.of("model_common.h", "model_common.c", label + "_model.h", label + "_model.c",
        label + "_plugin.c");
  }

  /** The compiler's arguments that build the plugin in {@code dir}, which holds {@link #sources()}. */
  public List<String> compileCommand(Path dir) {
    return List.of("cc", "-O2", "-Wall", "-shared", "-fPIC", "-o", dir.resolve(pluginFile()).toString(),
        dir.resolve(label + "_plugin.c").toString(), dir.resolve(label + "_model.c").toString(),
        dir.resolve("model_common.c").toString(), "-lm");
  }
}
