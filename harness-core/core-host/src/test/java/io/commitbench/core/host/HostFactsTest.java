package io.commitbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host facts from recorded {@code /proc} files, from missing ones, and from this machine. */
class HostFactsTest {

  @TempDir Path temp;

  @Test
  void readsRecordedFiles() throws IOException {
    Path proc = Files.createDirectories(temp.resolve("proc/sys/kernel")).getParent().getParent();
    Files.writeString(proc.resolve("cpuinfo"), String.join("\n",
        "processor\t: 0", "vendor_id\t: AuthenticAMD", "model name\t: AMD EPYC 7B13 64-Core Processor", "",
        "processor\t: 1", "vendor_id\t: AuthenticAMD", "model name\t: AMD EPYC 7B13 64-Core Processor", ""));
    Files.writeString(proc.resolve("meminfo"), "MemTotal:       24684096 kB\nMemFree:        23243028 kB\n");
    Files.writeString(proc.resolve("sys/kernel/osrelease"), "6.18.44-fc-v595\n");
    Files.writeString(proc.resolve("sys/kernel/hostname"), "bench-1\n");
    Path osRelease = temp.resolve("os-release");
    Files.writeString(osRelease, "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nID=debian\n");

    Map<String, Fact> facts = byName(new HostFacts(proc, osRelease).facts());

    assertThat(facts.get("cpu_model").value()).isEqualTo("AMD EPYC 7B13 64-Core Processor");
    assertThat(facts.get("cpu_count").value()).isEqualTo("2");
    assertThat(facts.get("memory_total_bytes").value()).isEqualTo("25276514304");
    assertThat(facts.get("kernel").value()).isEqualTo("6.18.44-fc-v595");
    assertThat(facts.get("os").value()).isEqualTo("Debian GNU/Linux 12 (bookworm)");
    assertThat(facts.get("hostname").value()).isEqualTo("bench-1");
    assertThat(facts.get("java").value()).startsWith(System.getProperty("java.runtime.version"));
    assertThat(facts.values()).allSatisfy(f -> assertThat(f.group()).isEqualTo("host"));
  }

  @Test
  void anArmCpuinfoWithoutModelNameUsesHardware() {
    assertThat(HostFacts.field("processor\t: 0\nBogoMIPS\t: 48.00\nHardware\t: BCM2835\n", "Hardware")).contains("BCM2835");
    assertThat(HostFacts.osField("NAME=Alpine\nPRETTY_NAME='Alpine Linux v3.20'\n", "PRETTY_NAME")).contains("Alpine Linux v3.20");
    assertThat(HostFacts.osField("NAME=Alpine\n", "PRETTY_NAME")).isEmpty();
  }

  @Test
  void missingFilesAreUnknownWithTheReason() {
    Map<String, Fact> facts = byName(new HostFacts(temp.resolve("no-proc"), temp.resolve("no-os-release")).facts());
    for (String name : List.of("cpu_model", "cpu_count", "memory_total_bytes", "kernel", "os", "hostname")) {
      assertThat(facts.get(name).known()).as(name).isFalse();
      assertThat(facts.get(name).unknownReason()).as(name).startsWith("cannot read " + temp).contains("NoSuchFileException");
    }
    assertThat(facts.get("available_processors").known()).isTrue();
  }

  @Test
  void thisMachine() {
    Map<String, Fact> facts = byName(HostFacts.read());
    if (Files.exists(Path.of("/proc/cpuinfo"))) {
      assertThat(facts.get("kernel").value()).isEqualTo(System.getProperty("os.version"));
      assertThat(Long.parseLong(facts.get("memory_total_bytes").value())).isGreaterThan(Runtime.getRuntime().maxMemory() / 4);
      assertThat(Integer.parseInt(facts.get("cpu_count").value())).isGreaterThanOrEqualTo(1);
    }
  }

  private static Map<String, Fact> byName(List<Fact> facts) {
    return facts.stream().collect(Collectors.toMap(Fact::name, f -> f));
  }
}
