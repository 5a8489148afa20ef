package io.commitbench.storage.layout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the kernel and the installed programs of a host offer a layout, read from files only:
 * device-mapper ({@code /proc/misc} lists {@code device-mapper}), filesystems
 * ({@code /proc/filesystems}), loadable modules of the running kernel
 * ({@code /lib/modules/RELEASE/modules.dep} and {@code modules.builtin}), and programs on the PATH
 * (and in the sbin directories). A filesystem or device-mapper not registered yet counts as present
 * when its module is there to be loaded on first use; without a module directory only what is
 * registered counts. Point it at other directories to test it.
 */
public final class HostProbe {

  private final Path proc;
  private final Path modules;
  private final List<Path> programDirs;

  /**
   * @param proc a {@code /proc}: {@code misc}, {@code filesystems}, {@code sys/kernel/osrelease}
   * @param modulesRoot a {@code /lib/modules}, holding a directory per kernel release
   * @param programDirs where programs are looked for, in order
   */
  public HostProbe(Path proc, Path modulesRoot, List<Path> programDirs) {
    this.proc = proc;
    this.modules = modulesRoot.resolve(read(proc.resolve("sys/kernel/osrelease")).orElse("unknown").strip());
    this.programDirs = List.copyOf(programDirs);
  }

  /** This host: {@code /proc}, {@code /lib/modules}, the PATH and the sbin directories. */
  public static HostProbe system() {
    List<Path> dirs = new ArrayList<>();
    for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!d.isEmpty()) {
        dirs.add(Path.of(d));
      }
    }
    Stream.of("/usr/sbin", "/sbin", "/usr/bin", "/bin").map(Path::of).forEach(dirs::add);
    return new HostProbe(Path.of("/proc"), Path.of("/lib/modules"), dirs);
  }

  /** The running kernel's release, as {@code uname -r} prints it. */
  public String kernelRelease() {
    return modules.getFileName().toString();
  }

  /** Whether device-mapper is in the kernel, or its module ({@code dm-mod}) can be loaded. */
  public boolean deviceMapper() {
    return lines(proc.resolve("misc")).stream().anyMatch(l -> l.strip().endsWith(" device-mapper"))
        || module("dm-mod");
  }

  /**
   * Whether a device-mapper target's module (e.g. {@code dm-thin-pool}) is missing: only when the
   * module directory exists and lists it neither as loadable nor as built in. Without a module
   * directory this cannot be told, and is not claimed.
   */
  public boolean lacksModule(String name) {
    return Files.isDirectory(modules) && !module(name);
  }

  /** Whether the kernel knows a filesystem ({@code /proc/filesystems}), or has its module to load. */
  public boolean knowsFilesystem(String name) {
    return lines(proc.resolve("filesystems")).stream()
        .map(l -> l.contains("\t") ? l.substring(l.lastIndexOf('\t') + 1) : l.strip()).anyMatch(name::equals)
        || module(name);
  }

  /** Whether a program of that name is in one of the program directories, executable. */
  public boolean hasProgram(String program) {
    return programDirs.stream().anyMatch(d -> Files.isExecutable(d.resolve(program)));
  }

  /** What the probe reads, for messages: {@code /proc/misc}. */
  Path procFile(String name) {
    return proc.resolve(name);
  }

  /** The module directory it looks in, for messages. */
  Path moduleDirectory() {
    return modules;
  }

  /** A module file {@code NAME.ko[.xz|.zst|.gz]} in modules.dep or modules.builtin ('-' and '_' alike). */
  private boolean module(String name) {
    String wanted = name.replace('-', '_');
    return Stream.of("modules.dep", "modules.builtin").flatMap(f -> lines(modules.resolve(f)).stream())
        .map(l -> l.contains(":") ? l.substring(0, l.indexOf(':')) : l.strip())
        .map(p -> p.substring(p.lastIndexOf('/') + 1).replace('-', '_'))
        .anyMatch(f -> f.equals(wanted + ".ko") || f.startsWith(wanted + ".ko."));
  }

  private static List<String> lines(Path file) {
    return read(file).map(s -> s.lines().toList()).orElse(List.of());
  }

  private static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
