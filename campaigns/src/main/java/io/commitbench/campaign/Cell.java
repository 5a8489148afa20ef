package io.commitbench.campaign;

import java.util.Locale;

/**
 * One cell of a campaign's matrix: a layout over a number of disks, a database kind and a number
 * of snapshots taken after the data is loaded and before the measurement.
 *
 * @param layout the layout (manager and filesystem)
 * @param disks how many disks the layout spans, 1..5
 * @param dbms the managed instance's kind: {@code postgresql} or {@code mariadb}
 * @param snapshots snapshots of the database's volume during the measurement
 */
public record Cell(LayoutChoice layout, int disks, String dbms, int snapshots) {

  /** A stable folder name, e.g. {@code btrfs-raid0-btrfs-2d-postgresql-5s}, {@code plain-ext4-log-hdd-1d-mariadb-0s}. */
  public String id() {
    return (layout.fileLabel() + "-" + disks + "d-" + dbms + "-" + snapshots + "s").toLowerCase(Locale.ROOT);
  }

  /** For progress lines: {@code btrfs-raid0/btrfs, 2 disks, postgresql, 5 snapshots}. */
  public String describe() {
    return layout.label() + ", " + disks + (disks == 1 ? " disk, " : " disks, ") + dbms + ", " + snapshots
        + (snapshots == 1 ? " snapshot" : " snapshots");
  }
}
