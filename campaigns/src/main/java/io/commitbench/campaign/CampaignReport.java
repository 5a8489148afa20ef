package io.commitbench.campaign;

import io.commitbench.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a campaign's tables and charts from the outcomes recorded so far: {@code campaign.md},
 * {@code campaign.csv} and {@code charts/MANAGER-FILESYSTEM.png}. Written after every cell, so an
 * interrupted campaign leaves tables of everything it measured.
 */
public final class CampaignReport {

  public static final String MARKDOWN = "campaign.md";
  public static final String CSV = "campaign.csv";

  private CampaignReport() {}

  public static void write(CampaignSpec spec, CampaignStore store) throws IOException {
    List<Cell> cells = CampaignMatrix.cells(spec);
    List<CellOutcome> outcomes = store.outcomes(cells);
    Map<LayoutChoice, String> charts = new LinkedHashMap<>();
    for (LayoutChoice layout : spec.layouts()) {
      String name = "charts/" + layout.fileLabel() + ".png";
      if (CampaignChart.write(layout, spec.snapshotCounts(), outcomes, store.output().resolve(name))) {
        charts.put(layout, name);
      }
    }
    Path output = store.output();
    AtomicFiles.write(output.resolve(MARKDOWN),
        CampaignTables.markdown(spec, cells, outcomes, charts).getBytes(StandardCharsets.UTF_8));
    AtomicFiles.write(output.resolve(CSV), CampaignTables.csv(outcomes).getBytes(StandardCharsets.UTF_8));
  }
}
