package io.commitbench.core.companion;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link io.commitbench.core.run.RunCompanion} adds to a run's results: a block of report
 * lines and figures for {@code summary.json} (under {@code companions.<name>}).
 *
 * @param name a short key, e.g. {@code log-formatter}
 * @param lines the report block, its heading first
 * @param figures numbers and words for machines, in a stable order
 * @param warnings lines the report prints last, after the run's own closing warnings (each
 *     starting {@code warning: }); they tell that a figure may not mean what it seems, and do not
 *     change the run's exit code
 */
public record CompanionReport(String name, List<String> lines, Map<String, Object> figures, List<String> warnings) {

  public CompanionReport {
    lines = List.copyOf(lines);
    figures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(figures));
    warnings = List.copyOf(warnings);
  }

  /** A report without warnings. */
  public CompanionReport(String name, List<String> lines, Map<String, Object> figures) {
    this(name, lines, figures, List.of());
  }
}
