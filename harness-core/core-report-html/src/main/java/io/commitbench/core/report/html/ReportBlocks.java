package io.commitbench.core.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * The parts of a {@code report.txt} the HTML report shows as text, found by the report's own
 * markers and so without knowing the workload: the run header (between the first two {@code -----}
 * lines) and every block from {@code ##### Title #####} to {@code #####} (the workload's own, the
 * run statistics, the database's view), and the closing lines after the last block.
 */
final class ReportBlocks {

  /** @param title the block's title, or "Run header" */
  record Block(String title, String text) {}

  private ReportBlocks() {}

  static String header(List<String> lines) {
    int first = lines.indexOf("-----");
    int second = first < 0 ? -1 : lines.subList(first + 1, lines.size()).indexOf("-----");
    return second < 0 ? "" : String.join("\n", lines.subList(first + 1, first + 1 + second));
  }

  static List<Block> blocks(List<String> lines) {
    List<Block> blocks = new ArrayList<>();
    String title = null;
    List<String> text = new ArrayList<>();
    for (String line : lines) {
      if (title == null && line.startsWith("##### ") && line.endsWith(" #####")) {
        title = line.substring(6, line.length() - 6);
        text.clear();
      } else if (title != null && line.equals("#####")) {
        blocks.add(new Block(title, String.join("\n", text)));
        title = null;
      } else if (title != null) {
        text.add(line);
      }
    }
    return blocks;
  }

  /** What the report says after its last block: where the results are, warnings, what was left behind. */
  static String closing(List<String> lines) {
    int last = lines.lastIndexOf("#####");
    return last < 0 ? "" : String.join("\n", lines.subList(last + 1, lines.size())).strip();
  }
}
