package io.commitbench.it.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Parsing of the console protocol of scripts/vm/guest-init.sh, on console text shaped like a real
 * boot's (carriage returns, kernel messages, a marker after a kernel message on the same line).
 * The VM itself is exercised by ThrowawayVmIT and LayoutInVmIT.
 */
class GuestConsoleTest {

  private static final List<GuestScript> SCRIPTS = List.of(
      new GuestScript("a", List.of("echo one", "printf 'x\\ny'\nexit 2", "echo never")),
      new GuestScript("b", List.of("true")));

  @Test
  void statusesAndOutputsLandOnTheirCommands() {
    String console = String.join("\r\n",
        "@@CB:BOOTED 2.14",
        "@@CB:READY 6.1.0-56-amd64 3.99",
        "@@CB:SCRIPT 01-a",
        "@@CB:BEGIN 01-a 0001",
        "@@CB:CMD echo one",
        "one",
        "@@CB:STATUS 01-a 0001 0",
        "@@CB:BEGIN 01-a 0002",
        "@@CB:CMD printf 'x\\ny'",
        "@@CB:CMD exit 2",
        "x",
        "[    4.8] operation not supported error, dev loop0",
        "y@@CB:STATUS 01-a 0002 2",
        "@@CB:KMSG [    4.8] operation not supported error, dev loop0",
        "@@CB:SCRIPT 02-b",
        "@@CB:BEGIN 02-b 0001",
        "@@CB:CMD true",
        "@@CB:STATUS 02-b 0001 0",
        "@@CB:END 2 7.72",
        "[    7.70] reboot: Restarting system", "");

    VmResult result = GuestConsole.read(console, SCRIPTS, Duration.ofSeconds(11), Optional.empty());

    assertThat(result.commands()).extracting(CommandOutcome::status)
        .containsExactly(OptionalInt.of(0), OptionalInt.of(2), OptionalInt.empty(), OptionalInt.of(0));
    assertThat(result.script("a").get(0).output()).isEqualTo("one\n");
    assertThat(result.script("a").get(1).output())
        .isEqualTo("x\n[    4.8] operation not supported error, dev loop0\ny\n");
    assertThat(result.exitStatus()).isEqualTo(2);
    assertThat(result.problem()).isEmpty();
    assertThat(result.readyAfter()).contains(Duration.ofMillis(3990));
    assertThat(result.guestUptimeAtEnd()).contains(Duration.ofMillis(7720));
    assertThat(result.console()).doesNotContain("\r");
    assertThat(result.succeeded()).isFalse();
  }

  @Test
  void aConsoleCutShortReportsWhatRanAndWhy() {
    String console = "@@CB:READY 6.1.0-56-amd64 4.0\n@@CB:BEGIN 01-a 0001\none\n@@CB:STATUS 01-a 0001 0\n"
        + "@@CB:BEGIN 01-a 0002\nx\n@@CB:STA";

    VmResult result = GuestConsole.read(console, SCRIPTS, Duration.ofSeconds(20),
        Optional.of("no end after 20 s, killed: bash scripts/vm/boot.sh"));

    assertThat(result.commands()).extracting(CommandOutcome::status)
        .containsExactly(OptionalInt.of(0), OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty());
    assertThat(result.script("a").get(1).output()).isEqualTo("x\n");
    assertThat(result.exitStatus()).isEqualTo(-1);
    assertThat(result.problem()).hasValueSatisfying(p -> assertThat(p).contains("killed"));
    assertThat(result.guestUptimeAtEnd()).isEmpty();
  }

  @Test
  void modulesThatDidNotLoadAndAGuestTimeoutAreProblems() {
    String console = "@@CB:MODULE-FAILED crc32c-intel.ko\n@@CB:READY 6.1.0-56-amd64 4.0\n@@CB:GUEST-TIMEOUT 85\n";

    VmResult result = GuestConsole.read(console, SCRIPTS, Duration.ofSeconds(90), Optional.empty());

    assertThat(result.problem()).hasValueSatisfying(p -> assertThat(p)
        .contains("time limit of 85 s").contains("crc32c-intel.ko"));
  }
}
