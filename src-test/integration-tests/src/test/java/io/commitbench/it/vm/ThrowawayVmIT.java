package io.commitbench.it.vm;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.DatabaseTargets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@link ThrowawayVm} itself, booted for real: the rules a boot follows (a script stops at its
 * first failure, the next script still runs, statuses and outputs land on the right command, the
 * guest runs this host's programs and not busybox's stand-ins) and that a boot past its time limit
 * is ended and leaves no qemu and no temporary folder. Two short boots. Skipped with the reason
 * when the VM is unavailable (run {@code scripts/vm/prepare.sh} as root).
 */
class ThrowawayVmIT {

  private ThrowawayVm vm;

  @BeforeEach
  void prepared() throws IOException {
    Optional<String> unavailable = ThrowawayVm.unavailableReason();
    unavailable.ifPresent(reason -> System.out.println(DatabaseTargets.LOG_PREFIX + "ThrowawayVmIT skipped: " + reason));
    Assumptions.assumeTrue(unavailable.isEmpty(), () -> "throwaway VM unavailable: " + unavailable.get());
    vm = ThrowawayVm.prepared();
  }

  @Test
  void aFailingCommandStopsItsScriptButNotTheNextOne() throws IOException {
    VmResult result = vm.runScripts(List.of(
        new GuestScript("fails", List.of("echo one", "echo two; exit 3", "echo never")),
        new GuestScript("after", List.of("uname -r", "losetup --version", "printf 'a\\nb\\n' | wc -l"))),
        Duration.ofSeconds(90));

    assertThat(result.problem()).as(result.console()).isEmpty();
    assertThat(result.exitStatus()).as("the first failing command's status").isEqualTo(3);
    assertThat(result.succeeded()).isFalse();
    List<CommandOutcome> fails = result.script("fails");
    assertThat(fails).extracting(CommandOutcome::status)
        .containsExactly(OptionalInt.of(0), OptionalInt.of(3), OptionalInt.empty());
    assertThat(fails.get(0).outputLines()).containsExactly("one");
    assertThat(fails.get(1).outputLines()).containsExactly("two");
    assertThat(fails.get(2).output()).isEmpty();

    List<CommandOutcome> after = result.script("after");
    assertThat(after).as(result.transcript("after")).allMatch(CommandOutcome::succeeded);
    assertThat(after.get(0).outputLines()).containsExactly(vm.kernelRelease());
    assertThat(after.get(1).output()).as("util-linux's losetup, not busybox's").contains("util-linux");
    assertThat(after.get(2).outputLines()).containsExactly("2");
    assertThat(result.readyAfter()).isPresent();
    assertThat(result.guestUptimeAtEnd().orElseThrow()).isGreaterThan(result.readyAfter().orElseThrow());
  }

  @Test
  void aBootPastItsLimitIsEndedAndLeavesNothingOnTheHost() throws IOException {
    List<Path> foldersBefore = runFolders();
    // Long enough for the guest to reach its first command under software emulation on a busy
    // host, so that the limit ends the second command, not the boot.
    Duration limit = Duration.ofSeconds(45);

    VmResult result = vm.run(List.of("echo started", "sleep 600"), limit);

    assertThat(result.problem()).as("why the boot did not end normally").isPresent();
    assertThat(result.exitStatus()).isEqualTo(-1);
    assertThat(result.script("commands").get(0).succeeded()).as(result.console()).isTrue();
    assertThat(result.script("commands").get(1).status()).isEmpty();
    assertThat(result.wallTime()).isLessThan(limit.plusSeconds(15));
    assertThat(ProcessHandle.current().descendants()
        .filter(p -> p.info().commandLine().map(line -> line.contains("commitbench-vm-")).orElse(false)))
        .as("qemu processes of this JVM left running").isEmpty();
    assertThat(runFolders()).as("temporary folders of runs").containsExactlyInAnyOrderElementsOf(foldersBefore);
  }

  private static List<Path> runFolders() throws IOException {
    try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return entries.filter(p -> p.getFileName().toString().startsWith("commitbench-vm-")).toList();
    }
  }
}
