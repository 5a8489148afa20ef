package io.commitbench.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's Chromium, headless, opening a page from a file as a person would: no network, a fresh
 * profile per call. A test that finds no Chromium is skipped with the reason printed
 * (scripts/test-host-setup.sh installs it).
 *
 * <pre>
 * Chromium chromium = Chromium.findOrSkip();
 * Chromium.Page page = chromium.open(html, work);
 * chromium.screenshot(html, Path.of("target/screenshots/x.png"), 1280, 900, work);
 * </pre>
 */
public final class Chromium {

  private static final int WAIT_SECONDS = 120;

  /**
   * Added to a copy of the page before it is opened: counts errors (script errors and resources
   * that failed to load, in the capture phase) and, on load, the charts and those that decoded.
   */
  private static final String PROBE = "<script>var cbErrors=0;window.addEventListener('error',function(){cbErrors++},true);"
      + "window.addEventListener('load',function(){var c=document.querySelectorAll('img.chart'),ok=0;"
      + "for(var i=0;i<c.length;i++){if(c[i].complete&&c[i].naturalWidth>0)ok++}"
      + "document.body.setAttribute('data-charts',c.length);document.body.setAttribute('data-rendered',ok);"
      + "document.body.setAttribute('data-errors',cbErrors)});</script>";

  /** What the page showed: charts found, charts decoded, errors, and its DOM after load. */
  public record Page(int charts, int rendered, int errors, String dom) {}

  private final String binary;

  private Chromium(String binary) {
    this.binary = binary;
  }

  public static Chromium findOrSkip() {
    for (String candidate : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
        if (Files.isExecutable(Path.of(dir, candidate))) {
          return new Chromium(Path.of(dir, candidate).toString());
        }
      }
    }
    String reason = "no chromium on PATH (apt-get install -y chromium; scripts/test-host-setup.sh does it):"
        + " the browser checks of report.html are skipped";
    System.out.println(DatabaseTargets.LOG_PREFIX + "skipped: " + reason);
    Assumptions.abort(reason);
    return null;
  }

  /** Opens a copy of {@code html} with the probe, waits for its load, returns what it showed. */
  public Page open(Path html, Path work) throws IOException, InterruptedException {
    Path probed = work.resolve("probed-" + html.getFileName());
    Files.writeString(probed, Files.readString(html).replaceFirst("<head>", "<head>" + Matcher.quoteReplacement(PROBE)));
    String dom = run(work, "--virtual-time-budget=5000", "--dump-dom", probed.toUri().toString());
    return new Page(attribute(dom, "data-charts"), attribute(dom, "data-rendered"), attribute(dom, "data-errors"), dom);
  }

  /**
   * A screenshot of the top {@code height} pixels of {@code html} in a window {@code width} wide;
   * asserts that Chromium exited 0 and that the picture has that size and is not blank.
   */
  public void screenshot(Path html, Path png, int width, int height, Path work) throws IOException, InterruptedException {
    Files.createDirectories(png.toAbsolutePath().getParent());
    Files.deleteIfExists(png);
    run(work, "--window-size=" + width + "," + height, "--hide-scrollbars", "--screenshot=" + png.toAbsolutePath(),
        html.toUri().toString());
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image).as("%s is a PNG", png).isNotNull();
    assertThat(image.getWidth()).as("width of %s", png).isEqualTo(width);
    assertThat(image.getHeight()).as("height of %s", png).isEqualTo(height);
    // A white page of that size compresses to a few kB; text and charts take far more.
    assertThat(Files.size(png)).as("size of %s", png).isGreaterThan((long) width * height / 40);
  }

  /** Runs Chromium with {@code args}; asserts it exited 0 within the wait; returns its stdout. */
  private String run(Path work, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + Files.createTempDirectory(work, "chromium-profile")));
    command.addAll(List.of(args));
    Path stdout = Files.createTempFile(work, "chromium", ".out");
    Path stderr = Files.createTempFile(work, "chromium", ".err");
    Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
    if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError("chromium did not finish within " + WAIT_SECONDS + " s: " + command);
    }
    assertThat(process.exitValue()).as("chromium's exit code; its stderr:\n%s", Files.readString(stderr)).isZero();
    return Files.readString(stdout, StandardCharsets.UTF_8);
  }

  private static int attribute(String dom, String name) {
    Matcher m = Pattern.compile("<body[^>]*\\b" + name + "=\"([0-9]+)\"").matcher(dom);
    return m.find() ? Integer.parseInt(m.group(1)) : -1;
  }
}
