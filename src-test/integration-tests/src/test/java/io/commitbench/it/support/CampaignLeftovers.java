package io.commitbench.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** What a campaign must not leave behind in its work folder once it has ended. */
public final class CampaignLeftovers {

  private CampaignLeftovers() {
  }

  /**
   * No mount, loop device or process over {@code work}, and no lab, layout or instance state in
   * it: the campaign took down everything it built.
   */
  public static void assertNoneUnder(Path work) throws IOException {
    assertThat(Files.readString(Path.of("/proc/self/mounts"))).doesNotContain(work.toString());
    assertThat(loopDevicesOver(work)).as("loop devices over the campaign's images").isEmpty();
    assertThat(processesNaming(work)).as("processes (nbdkit, nbdfuse, servers) of the campaign").isEmpty();
    assertThat(work.resolve("lab/lab.json")).doesNotExist();
    assertThat(work.resolve("layout/layout.json")).doesNotExist();
    assertThat(work.resolve("instance/instance.json")).doesNotExist();
  }

  private static List<String> loopDevicesOver(Path work) throws IOException {
    List<String> loops = new ArrayList<>();
    try (Stream<Path> devices = Files.list(Path.of("/sys/block"))) {
      for (Path dev : devices.filter(d -> d.getFileName().toString().startsWith("loop")).toList()) {
        Path backing = dev.resolve("loop/backing_file");
        if (Files.exists(backing) && Files.readString(backing).contains(work.toString())) {
          loops.add(dev.getFileName().toString());
        }
      }
    }
    return loops;
  }

  /** Live processes whose command line names a path under {@code root}. */
  private static List<String> processesNaming(Path root) throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path p : procs.filter(p -> p.getFileName().toString().matches("[0-9]+")).toList()) {
        try {
          String line = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
          if (line.contains(root.toString())) {
            found.add(p.getFileName() + " " + line.strip());
          }
        } catch (IOException gone) {
          // the process exited while being read
        }
      }
    }
    return found;
  }
}
