package io.commitbench.core.report.html;

import java.awt.Color;
import java.awt.Paint;
import java.util.List;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.DrawingSupplier;

/**
 * The colours of the series in every chart commitbench draws: a run's report, a comparison, a
 * campaign. JFreeChart's own sequence puts a pale yellow (#FFFF55) fourth, hard to see on white:
 * the fourth statement kind of a run's latency chart, the fourth line of a campaign's. These all
 * stand at least 3:1 against white (WCAG's least contrast for lines and marks) and apart from each
 * other; the first five are from Okabe and Ito's set, told apart with the common colour
 * blindnesses, without its light orange, sky blue and yellow. {@link SeriesStyles} gives each
 * series one of them with a dash pattern of its own, so lines stay apart where colours look alike.
 */
public final class ChartColours {

  /** In the order series take them; an eleventh series starts again at the first, with another dash. */
  static final List<Color> SERIES = List.of(
      new Color(0x0072B2), // blue
      new Color(0xD55E00), // vermillion
      new Color(0x009E73), // bluish green
      new Color(0x000000), // black
      new Color(0xCC79A7), // reddish purple
      new Color(0xA6761D), // dark goldenrod
      new Color(0x7F3C8D), // purple
      new Color(0x666666), // grey
      new Color(0x8B1A1A), // dark red
      new Color(0xE7298A)); // magenta

  private ChartColours() {}

  /** A plot's source of series colours (with JFreeChart's own fills, outlines, strokes and shapes). */
  public static DrawingSupplier drawingSupplier() {
    return new DefaultDrawingSupplier(SERIES.toArray(new Paint[0]), DefaultDrawingSupplier.DEFAULT_FILL_PAINT_SEQUENCE,
        DefaultDrawingSupplier.DEFAULT_OUTLINE_PAINT_SEQUENCE, DefaultDrawingSupplier.DEFAULT_STROKE_SEQUENCE,
        DefaultDrawingSupplier.DEFAULT_OUTLINE_STROKE_SEQUENCE, DefaultDrawingSupplier.DEFAULT_SHAPE_SEQUENCE);
  }
}
