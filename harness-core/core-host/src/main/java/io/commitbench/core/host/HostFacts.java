package io.commitbench.core.host;

import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Facts of group {@code host} about the machine the harness runs on: CPU model and count, memory,
 * kernel, operating system, host name and Java. Read from {@code /proc} and {@code /etc/os-release};
 * a fact that cannot be read is unknown with the reason. Stateless and thread-safe.
 *
 * <pre>
 * List&lt;Fact&gt; facts = HostFacts.read();   // host/cpu_model = "AMD EPYC", ...
 * </pre>
 */
public final class HostFacts {

  /** The group of every fact returned. */
  public static final String GROUP = "host";

  private final Path proc;
  private final Path osRelease;

  HostFacts(Path proc, Path osRelease) {
    this.proc = proc;
    this.osRelease = osRelease;
  }

  /** This machine's facts. */
  public static List<Fact> read() {
    Path osRelease = Files.exists(Path.of("/etc/os-release")) ? Path.of("/etc/os-release") : Path.of("/usr/lib/os-release");
    return new HostFacts(Path.of("/proc"), osRelease).facts();
  }

  List<Fact> facts() {
    List<Fact> facts = new ArrayList<>();
    Optional<String> cpuinfo = text(proc.resolve("cpuinfo"), facts, "cpu_model", "cpu_count");
    cpuinfo.ifPresent(text -> {
      facts.add(field(text, "model name")
          .or(() -> field(text, "Hardware"))
          .map(model -> Fact.of(GROUP, "cpu_model", model))
          .orElse(Fact.unknown(GROUP, "cpu_model", "no 'model name' line in " + proc.resolve("cpuinfo"))));
      long processors = text.lines().filter(line -> line.matches("processor\\s*:.*")).count();
      facts.add(processors > 0 ? Fact.of(GROUP, "cpu_count", Long.toString(processors))
          : Fact.unknown(GROUP, "cpu_count", "no 'processor' lines in " + proc.resolve("cpuinfo")));
    });
    facts.add(Fact.of(GROUP, "available_processors", Integer.toString(Runtime.getRuntime().availableProcessors())));
    text(proc.resolve("meminfo"), facts, "memory_total_bytes").ifPresent(text -> facts.add(
        field(text, "MemTotal").filter(v -> v.matches("\\d+ kB"))
            .map(v -> Fact.of(GROUP, "memory_total_bytes", Long.toString(Long.parseLong(v.split(" ")[0]) * 1024)))
            .orElse(Fact.unknown(GROUP, "memory_total_bytes", "no 'MemTotal: <n> kB' line in " + proc.resolve("meminfo")))));
    text(proc.resolve("sys/kernel/osrelease"), facts, "kernel").ifPresent(v -> facts.add(Fact.of(GROUP, "kernel", v.trim())));
    text(osRelease, facts, "os").ifPresent(text -> facts.add(
        osField(text, "PRETTY_NAME").or(() -> osField(text, "NAME"))
            .map(v -> Fact.of(GROUP, "os", v))
            .orElse(Fact.unknown(GROUP, "os", "no PRETTY_NAME or NAME in " + osRelease))));
    text(proc.resolve("sys/kernel/hostname"), facts, "hostname").ifPresent(v -> facts.add(Fact.of(GROUP, "hostname", v.trim())));
    facts.add(Fact.of(GROUP, "arch", System.getProperty("os.arch")));
    facts.add(Fact.of(GROUP, "java", System.getProperty("java.runtime.version") + " ("
        + System.getProperty("java.vendor") + ", " + System.getProperty("java.vm.name") + ")"));
    return facts;
  }

  /** The file's text, or empty after adding each named fact as unknown with the reason. */
  private static Optional<String> text(Path file, List<Fact> facts, String... names) {
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      for (String name : names) {
        facts.add(Fact.unknown(GROUP, name, "cannot read " + file + ": " + e));
      }
      return Optional.empty();
    }
  }

  /** The value of the first {@code key : value} line of a /proc file. */
  static Optional<String> field(String text, String key) {
    return text.lines()
        .filter(line -> line.startsWith(key) && line.substring(key.length()).matches("\\s*:.*"))
        .map(line -> line.substring(line.indexOf(':') + 1).trim())
        .filter(v -> !v.isEmpty())
        .findFirst();
  }

  /** A {@code KEY=value} or {@code KEY="value"} line of os-release(5). */
  static Optional<String> osField(String text, String key) {
    return text.lines()
        .filter(line -> line.startsWith(key + "="))
        .map(line -> line.substring(key.length() + 1).trim())
        .map(v -> v.length() >= 2 && (v.startsWith("\"") || v.startsWith("'")) && v.endsWith(v.substring(0, 1))
            ? v.substring(1, v.length() - 1) : v)
        .filter(v -> !v.isEmpty())
        .findFirst();
  }
}
