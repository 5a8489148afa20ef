package io.commitbench.campaign;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * A campaign as its file asks for it: the matrix (layouts × disk counts × database kinds ×
 * snapshot counts), the workload run in each cell, where the disks come from and where the
 * results and the scratch space go. Read with {@link CampaignFile#read}.
 *
 * @param name the campaign's name, used in titles and default folders
 * @param file the campaign file itself
 * @param workload the parameter file measured in every cell
 * @param load the parameter file run before the snapshots to put data on the volume
 * @param prepareLoad whether the load is the workload file's own data set, made as {@code
 *     commitbench prepare} makes it and reused by every measured run ({@code campaign.load=prepare});
 *     then {@code load} is the workload file
 * @param runs how many times each cell is measured ({@code runs} of the measured run), or empty to
 *     leave it to the workload file
 * @param dbms the database kinds, in table order
 * @param layouts the layouts, in table order
 * @param snapshotCounts the snapshot counts, ascending: the tables' columns
 * @param writeLogThrough whether each cell rewrites its server's log in place before the snapshots
 *     ({@code campaign.write-log-through}), so no cell measures a log still preallocated and unwritten
 * @param disks where the disks come from
 * @param output the results folder: tables, chart, one folder per cell
 * @param work the scratch folder: the lab, the current cell's layout and instance
 */
public record CampaignSpec(String name, Path file, Path workload, Path load, boolean prepareLoad, OptionalInt runs,
    List<String> dbms, List<LayoutChoice> layouts, List<Integer> snapshotCounts, boolean writeLogThrough,
    DiskSource disks, Path output, Path work) {

  public CampaignSpec {
    dbms = List.copyOf(dbms);
    layouts = List.copyOf(layouts);
    snapshotCounts = List.copyOf(snapshotCounts);
  }

  /** Whether a layout puts its log on a lab device, so the lab's ssd and hdd are used. */
  public boolean logsOnLabDevices() {
    return layouts.stream().anyMatch(l -> l.logDevice().isPresent());
  }

  /**
   * The lab devices the layouts put a log on, with their profiles and size, e.g. {@code hdd
   * (profile hdd) and ssd (profile ssd), 1024 MiB each}: what the tables say the logs were on,
   * and what a resumed campaign must have alike. Empty when every log stays on its layout.
   */
  public Optional<String> logDevices() {
    if (!(disks instanceof DiskSource.LabDisks lab)) {
      return Optional.empty();
    }
    List<String> names = layouts.stream().flatMap(l -> l.logDevice().stream()).distinct().toList();
    if (names.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(names.stream().map(n -> n + " (profile " + lab.profile(n).label() + ")")
        .collect(Collectors.joining(" and ")) + ", " + (lab.deviceBytes() >> 20) + " MiB"
        + (names.size() > 1 ? " each" : ""));
  }

  /** The most disks any cell needs. */
  public int mostDisks() {
    return layouts.stream().flatMap(l -> l.diskCounts().stream()).mapToInt(Integer::intValue).max().orElse(1);
  }
}
