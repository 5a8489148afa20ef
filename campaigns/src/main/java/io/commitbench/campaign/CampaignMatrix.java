package io.commitbench.campaign;

import java.util.ArrayList;
import java.util.List;

/** The cells of a campaign in the order they run: by layout, disk count, database kind, snapshot count. */
public final class CampaignMatrix {

  private CampaignMatrix() {}

  public static List<Cell> cells(CampaignSpec spec) {
    List<Cell> cells = new ArrayList<>();
    for (LayoutChoice layout : spec.layouts()) {
      for (int disks : layout.diskCounts()) {
        for (String dbms : spec.dbms()) {
          for (int snapshots : spec.snapshotCounts()) {
            cells.add(new Cell(layout, disks, dbms, snapshots));
          }
        }
      }
    }
    return cells;
  }
}
