package io.commitbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's Chromium, headless, opening a page from a file as a person would: no network, a fresh
 * profile per call. A test that finds no Chromium is skipped with the reason printed
 * (scripts/test-host-setup.sh installs it).
 */
final class HeadlessChromium {

  /**
   * Added to a copy of the page before it is opened: counts errors (script errors and resources
   * that failed to load, in the capture phase) and, on load, the charts and those that decoded.
   */
  private static final String PROBE = "<script>var cbErrors=0;window.addEventListener('error',function(){cbErrors++},true);"
      + "var cbLog=console.error;console.error=function(){cbErrors++;cbLog.apply(console,arguments)};"
      + "window.addEventListener('load',function(){var c=document.querySelectorAll('img.chart'),ok=0;"
      + "for(var i=0;i<c.length;i++){if(c[i].complete&&c[i].naturalWidth>0)ok++}"
      + "document.body.setAttribute('data-charts',c.length);document.body.setAttribute('data-rendered',ok);"
      + "document.body.setAttribute('data-errors',cbErrors)});</script>";

  /** What the page showed: charts found, charts decoded, errors, and the console lines Chromium logged. */
  record Page(int charts, int rendered, int errors, List<String> console, String dom) {}

  private final String binary;

  private HeadlessChromium(String binary) {
    this.binary = binary;
  }

  static HeadlessChromium findOrSkip() {
    for (String candidate : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
        if (Files.isExecutable(Path.of(dir, candidate))) {
          return new HeadlessChromium(Path.of(dir, candidate).toString());
        }
      }
    }
    String reason = "no chromium on PATH (apt-get install -y chromium; scripts/test-host-setup.sh does it):"
        + " the browser checks of report.html and compare's HTML are skipped";
    System.out.println("SKIPPED: " + reason);
    Assumptions.abort(reason);
    return null;
  }

  /** Opens {@code html} (a copy with the probe), waits for its load, returns what it showed. */
  Page open(Path html, Path work) throws IOException, InterruptedException {
    Path probed = work.resolve("probed-" + html.getFileName());
    String page = Files.readString(html);
    Files.writeString(probed, page.replaceFirst("<head>", "<head>" + Matcher.quoteReplacement(PROBE)));
    Path stderr = work.resolve("chromium-" + html.getFileName() + ".log");
    String dom = run(work, stderr, "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom",
        probed.toUri().toString());
    List<String> console = new ArrayList<>();
    for (String line : Files.readAllLines(stderr)) {
      if (line.contains(":CONSOLE")) {
        console.add(line);
      }
    }
    return new Page(attribute(dom, "data-charts"), attribute(dom, "data-rendered"), attribute(dom, "data-errors"),
        console, dom);
  }

  /** A full-page screenshot of {@code html}, {@code height} pixels tall. */
  void screenshot(Path html, Path png, int height, Path work) throws IOException, InterruptedException {
    Files.createDirectories(png.getParent());
    run(work, work.resolve("chromium-shot.log"), "--window-size=1100," + height, "--hide-scrollbars",
        "--screenshot=" + png.toAbsolutePath(), html.toUri().toString());
  }

  private String run(Path work, Path stderr, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + Files.createTempDirectory(work, "chromium-profile")));
    command.addAll(List.of(args));
    Path stdout = Files.createTempFile(work, "chromium", ".out");
    Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IOException("chromium did not finish within 120 s: " + command);
    }
    return Files.readString(stdout, StandardCharsets.UTF_8);
  }

  private static int attribute(String dom, String name) {
    Matcher m = Pattern.compile("<body[^>]*\\b" + name + "=\"([0-9]+)\"").matcher(dom);
    return m.find() ? Integer.parseInt(m.group(1)) : -1;
  }
}
