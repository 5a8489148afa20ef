package io.commitbench.core.report.html;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;

/**
 * A chart as a PNG {@code data:} URI, so an HTML page that shows it needs no other file and no
 * network. Drawn at twice the size it is shown at, so it stays sharp on high-density screens.
 *
 * <p>Encoding the PNG costs more than drawing the chart: the image has no alpha channel (a chart
 * is opaque), so {@link OpaquePng} encodes it, faster than ImageIO's writer.
 */
public final class ChartImages {

  public static final int WIDTH = 900;
  public static final int HEIGHT = 380;
  private static final int SCALE = 2;

  static {
    // Charts are drawn on servers and in CI without a display.
    System.setProperty("java.awt.headless", "true");
    // PNGs are encoded in memory, not through ImageIO's temporary files: a file cache registers
    // a JVM shutdown hook to delete them, which fails ("Shutdown in progress") when a run stopped
    // by a signal writes its report.html from the JVM's own shutdown hook.
    ImageIO.setUseCache(false);
  }

  private ChartImages() {}

  public static String dataUri(JFreeChart chart) {
    return dataUri(chart, HEIGHT);
  }

  /** A chart {@code height} units tall (a chart with stacked plots needs more than {@link #HEIGHT}). */
  public static String dataUri(JFreeChart chart, int height) {
    BufferedImage image = new BufferedImage(WIDTH * SCALE, height * SCALE, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.scale(SCALE, SCALE);
      chart.draw(g, new Rectangle2D.Double(0, 0, WIDTH, height), null, null);
    } finally {
      g.dispose();
    }
    try {
      return "data:image/png;base64," + Base64.getEncoder().encodeToString(OpaquePng.encode(image));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot encode a chart as PNG", e);
    }
  }
}
