package io.commitbench.it.vm;

import io.commitbench.it.support.Repository;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandFailedException;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.ProcessCommandRunner;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A qemu VM, booted once per {@link #run} and thrown away, in which commands a host kernel without
 * the device-mapper, jfs or vfat cannot execute run for real: LVM (classic and thin snapshots),
 * jfs and vfat. Software emulation (no KVM is assumed) of Debian 12's 6.1 kernel with a busybox
 * initramfs holding the modules and this host's lvm, dmsetup, thin_check, mkfs.* and losetup.
 *
 * <p>The image is built by {@code scripts/vm/prepare.sh} (root, once; cached in
 * {@code $COMMITBENCH_VM_CACHE}, default {@code /var/cache/commitbench-vm}) and booted by
 * {@code scripts/vm/boot.sh}. The guest has no disks: commands make loop devices over sparse files
 * in its {@code /scratch} tmpfs ({@link GuestLoopDevices}), so nothing of this host is touched. On
 * the host a run leaves nothing: its temporary folder is removed and qemu is killed if it outlives
 * the time limit. The guest also reboots itself (ending qemu) shortly before that limit, so a
 * qemu never outlives a test JVM that died.
 */
public final class ThrowawayVm {

  private static final String DEFAULT_CACHE = "/var/cache/commitbench-vm";

  private final Path bootScript;
  private final String kernelRelease;

  private ThrowawayVm(Path bootScript, String kernelRelease) {
    this.bootScript = bootScript;
    this.kernelRelease = kernelRelease;
  }

  /** Why the VM cannot run here (no image, prepare.sh failed, stale image, no qemu), or empty. */
  public static Optional<String> unavailableReason() {
    Path cache = cache();
    Path failed = cache.resolve("prepare-failed.txt");
    Path image = cache.resolve("current");
    Path scripts = Repository.root().resolve("scripts/vm");
    try {
      if (Files.isRegularFile(failed)) {
        return Optional.of("scripts/vm/prepare.sh failed: " + Files.readString(failed).strip());
      }
      if (!Files.isRegularFile(image.resolve("ready"))) {
        return Optional.of("no VM image in " + image + ": run scripts/vm/prepare.sh as root first (it installs qemu "
            + "and the guest's tools and downloads a Debian kernel)");
      }
      String built = manifest(image).getProperty("recipe", "?");
      String now = recipe(scripts);
      if (!built.equals(now)) {
        return Optional.of("the VM image in " + image + " was built by another version of scripts/vm (recipe " + built
            + ", the scripts now give " + now + "): run scripts/vm/prepare.sh again");
      }
    } catch (IOException e) {
      return Optional.of("cannot read the VM image in " + image + ": " + e.getMessage());
    }
    if (!onPath("qemu-system-x86_64")) {
      return Optional.of("qemu-system-x86_64 is not installed: run scripts/vm/prepare.sh");
    }
    return Optional.empty();
  }

  /** The prepared VM; fails when {@link #unavailableReason()} is not empty (check that first). */
  public static ThrowawayVm prepared() throws IOException {
    Optional<String> reason = unavailableReason();
    if (reason.isPresent()) {
      throw new IllegalStateException("the throwaway VM is unavailable: " + reason.get());
    }
    String release = manifest(cache().resolve("current")).getProperty("kernel.release", "?");
    return new ThrowawayVm(Repository.root().resolve("scripts/vm/boot.sh"), release);
  }

  /** The guest kernel's release, e.g. {@code 6.1.0-56-amd64}. */
  public String kernelRelease() {
    return kernelRelease;
  }

  /** Boots, runs the commands as one {@link GuestScript} named {@code commands}, powers off. */
  public VmResult run(List<String> shellCommands, Duration timeout) throws IOException {
    return runScripts(List.of(new GuestScript("commands", shellCommands)), timeout);
  }

  /**
   * Boots once, runs the scripts one after the other (each stops at its first failing command,
   * the next one still runs), powers off.
   *
   * @param timeout for the whole boot; qemu is killed after it and the result says so
   */
  public VmResult runScripts(List<GuestScript> scripts, Duration timeout) throws IOException {
    byte[] archive = CommandArchive.of(scripts);
    Path work = Files.createTempDirectory("commitbench-vm-");
    try {
      Path commands = Files.write(work.resolve("commands.cpio"), archive);
      Path console = work.resolve("console.log");
      long guestLimit = Math.max(10, timeout.toSeconds() - 5);
      Command boot = Command.of("bash", bootScript.toString(), "--console", console.toString(),
          "--guest-timeout", Long.toString(guestLimit), work.toString(), commands.toString());
      long start = System.nanoTime();
      Optional<String> hostProblem;
      try {
        CommandResult qemu = new ProcessCommandRunner(timeout).attempt(boot);
        hostProblem = qemu.succeeded() ? Optional.empty()
            : Optional.of("qemu exited with status " + qemu.exitCode() + ": " + qemu.stderr().strip());
      } catch (CommandFailedException e) {
        hostProblem = Optional.of(e.getMessage());
      }
      Duration wallTime = Duration.ofNanos(System.nanoTime() - start);
      String text = Files.exists(console) ? new String(Files.readAllBytes(console), StandardCharsets.UTF_8) : "";
      return GuestConsole.read(text, scripts, wallTime, hostProblem);
    } finally {
      endQemuOf(work);
      deleteTree(work);
    }
  }

  /**
   * Kills a qemu of this run still alive (the runner kills on timeout but does not wait, and on
   * interruption only asks): only this JVM's own children whose command line names the run's folder.
   */
  private static void endQemuOf(Path work) {
    String marker = work.toString();
    ProcessHandle.current().descendants()
        .filter(p -> p.info().commandLine().map(line -> line.contains(marker)).orElse(false))
        .forEach(p -> {
          p.destroyForcibly();
          try {
            p.onExit().get(10, TimeUnit.SECONDS);
          } catch (Exception e) {
            // Reported by the missing END marker; nothing more to do about a process that will not die.
          }
        });
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  static Path cache() {
    String configured = System.getenv("COMMITBENCH_VM_CACHE");
    return Path.of(configured != null && !configured.isBlank() ? configured : DEFAULT_CACHE);
  }

  private static Properties manifest(Path image) throws IOException {
    Properties manifest = new Properties();
    try (InputStream in = Files.newInputStream(image.resolve("manifest.properties"))) {
      manifest.load(in);
    }
    return manifest;
  }

  /** What prepare.sh computes: the first 12 hex digits of SHA-256 over prepare.sh then guest-init.sh. */
  static String recipe(Path scripts) throws IOException {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(Files.readAllBytes(scripts.resolve("prepare.sh")));
      sha.update(Files.readAllBytes(scripts.resolve("guest-init.sh")));
      return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  private static boolean onPath(String program) {
    String path = System.getenv().getOrDefault("PATH", "");
    return Stream.of(path.split(File.pathSeparator)).filter(dir -> !dir.isEmpty())
        .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
  }
}
