package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.key.ByteSize;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.oracle.OracleRedoRelocation;
import io.commitbench.storage.oracle.RedoGeometry;
import io.commitbench.storage.oracle.RedoRelocationRequest;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code storage relocate-log --url jdbc:oracle:…} and {@code storage undo} of its journal as a
 * user meets them, without a server: every bad input is exit 2 naming the option and what is
 * allowed, found before any connection. The URL points at a closed port, so a connection attempt
 * would fail with exit 1 and "cannot connect": exit 2 without it shows none was made. The real
 * move is OracleRelocateCliIT's, where Docker runs Oracle.
 */
class OracleRelocateLogCommandTest {

  /** A port nothing listens on: connecting fails at once. */
  private static final String UNREACHABLE = "jdbc:oracle:thin:@127.0.0.1:1/FREE";
  /** Set by harness-cli's surefire configuration to a recognisable dummy value. */
  private static final String PASSWORD_VARIABLE = "COMMITBENCH_TEST_PASSWORD";
  private static final String TARGET = "/opt/oracle/oradata/redo";
  private static final String SIZE = RedoGeometry.MINIMUM_BYTES / RedoGeometry.MEGABYTE + "M";

  @TempDir Path dir;

  private static String password() {
    String value = System.getenv(PASSWORD_VARIABLE);
    assertThat(value).as(PASSWORD_VARIABLE + ", set by harness-cli's surefire configuration").isNotBlank();
    return value;
  }

  /** relocate-log against the unreachable server with a complete login, then {@code extra}. */
  private static CliRun relocate(String... extra) {
    List<String> args = new ArrayList<>(List.of("storage", "relocate-log", "--url", UNREACHABLE, "--to", TARGET,
        "--user", "system", "--password-env", PASSWORD_VARIABLE));
    args.addAll(List.of(extra));
    return CliRun.execute(args.toArray(String[]::new));
  }

  /** Exit 2, the message (with what is allowed), and no connection tried. */
  private static void badInput(CliRun r, String... expected) {
    assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains(expected).doesNotContain("cannot connect");
    assertThat(r.out()).doesNotContain("Plan:");
  }

  @Test
  void helpExplainsTheOnlineMoveItsPrivilegesAndThePasswordSources() {
    CliRun r = CliRun.execute("storage", "relocate-log", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("jdbc:oracle:", "online", "CDB$ROOT", "ALTER DATABASE", "ALTER SYSTEM", "V$LOG",
        "--user", "--password-env", "--password-file", "--size", "--blocksize", "--groups", "left on",
        "refused (exit 2) rather than");
    assertThat(r.err()).as("picocli formats every line: no stray %").isEmpty();
    CliRun undo = CliRun.execute("storage", "undo", "--help");
    assertThat(undo.out()).contains(OracleRedoRelocation.OPERATION, "--url", "--user", "--password-env", "CDB$ROOT");
  }

  @Test
  void anOracleUrlWithoutUserIsBadInputNamingThePrivilegesWanted() {
    badInput(CliRun.execute("storage", "relocate-log", "--url", UNREACHABLE, "--to", TARGET, "--size", SIZE,
        "--password-env", PASSWORD_VARIABLE), "--user is missing", "ALTER DATABASE", "ALTER SYSTEM");
  }

  @Test
  void anOracleUrlWithoutAPasswordSourceIsBadInput() {
    badInput(CliRun.execute("storage", "relocate-log", "--url", UNREACHABLE, "--to", TARGET, "--size", SIZE,
        "--user", "system"), "--password-env or --password-file is missing", "never the password itself");
  }

  @Test
  void bothPasswordSourcesAreBadInput() throws Exception {
    Path file = Files.writeString(dir.resolve("pw"), "x\n");
    badInput(relocate("--size", SIZE, "--password-file", file.toString()),
        "--password-file=" + file + ": given together with --password-env; allowed: one password source, not both");
  }

  @Test
  void anUnsetVariableIsBadInput() {
    String unset = "COMMITBENCH_TEST_NO_SUCH_VARIABLE";
    assertThat(System.getenv(unset)).isNull();
    badInput(CliRun.execute("storage", "relocate-log", "--url", UNREACHABLE, "--to", TARGET, "--size", SIZE,
        "--user", "system", "--password-env", unset), "--password-env=" + unset + ": environment variable " + unset
        + " is not set; allowed: the name of a set environment variable");
  }

  @Test
  void anUnreadablePasswordFileIsBadInput() {
    Path absent = dir.resolve("absent");
    badInput(CliRun.execute("storage", "relocate-log", "--url", UNREACHABLE, "--to", TARGET, "--size", SIZE,
        "--user", "system", "--password-file", absent.toString()), "--password-file=" + absent
        + ": cannot read it (NoSuchFileException); allowed: a readable file whose first line is the password");
  }

  @Test
  void aUrlSettingThatReadsFurtherSettingsIsBadInputBeforeConnecting() {
    String url = UNREACHABLE + "?TNS_ADMIN=" + dir;
    badInput(CliRun.execute("storage", "relocate-log", "--url", url, "--to", TARGET, "--size", SIZE, "--user", "system",
        "--password-env", PASSWORD_VARIABLE), "--url " + url + ": sets TNS_ADMIN, which makes ojdbc read further"
        + " connection settings", "allowed: a URL without TNS_ADMIN");
  }

  @Test
  void theSizeIsRequiredAndCheckedAsOracleDoes() {
    badInput(relocate(), "--size is missing", ByteSize.ALLOWED);
    badInput(relocate("--size", "large"), "--size large: 'large' is not a size; give " + ByteSize.ALLOWED);
    String tooSmall = (RedoGeometry.MINIMUM_BYTES - RedoGeometry.KILOBYTE) / RedoGeometry.KILOBYTE + "K";
    badInput(relocate("--size", tooSmall), "--size " + tooSmall + ": ", "below Oracle's minimum");
  }

  @Test
  void aBlocksizeOracleDoesNotAcceptIsBadInputListingTheOnesItDoes() {
    String odd = Long.toString(2 * RedoGeometry.KILOBYTE);
    badInput(relocate("--size", SIZE, "--blocksize", odd), "--blocksize " + odd + ": ", "give 512, 1024 or 4096");
    badInput(relocate("--size", SIZE, "--blocksize", "big"), "--blocksize", "'big' is not an int");
  }

  @Test
  void tooFewGroupsAndARelativeTargetAreBadInput() {
    String tooFew = Integer.toString(RedoRelocationRequest.DEFAULT_NEW_GROUPS - 2);
    badInput(relocate("--size", SIZE, "--groups", tooFew), "--groups " + tooFew + ": ", "at least 2");
    badInput(CliRun.execute("storage", "relocate-log", "--url", UNREACHABLE, "--to", "redo", "--size", SIZE,
        "--user", "system", "--password-env", PASSWORD_VARIABLE), "--to redo: ", "is not absolute");
  }

  @Test
  void allowRootIsForAManagedInstanceOnly() {
    badInput(relocate("--size", SIZE, "--allow-root", "/opt"), "--allow-root: only for a managed instance");
    badInput(CliRun.execute("storage", "relocate-log", "--url", "jdbc:postgresql://db:5432/x", "--to", "/ssd",
        "--allow-root", "/ssd"), "--allow-root: only for a managed instance");
    badInput(relocate("--size", SIZE, "--create-target"), "--create-target: only for a managed instance");
    badInput(CliRun.execute("storage", "relocate-log", "--url", "jdbc:postgresql://db:5432/x", "--to", "/ssd",
        "--create-target"), "--create-target: only for a managed instance");
  }

  @Test
  void oracleOptionsWithAnInstanceOrAnotherServerAreRefusedNotIgnored() throws Exception {
    badInput(CliRun.execute("storage", "relocate-log", "--instance", dir.toString(), "--to", "/ssd", "--user", "system",
        "--size", SIZE), "--user, --size: only for an Oracle server", "a managed instance (--instance)");
    badInput(CliRun.execute("storage", "relocate-log", "--url", "jdbc:postgresql://db:5432/x", "--to", "/ssd",
        "--groups", "4", "--password-env", PASSWORD_VARIABLE), "--password-env, --groups: only for an Oracle server",
        "connects to nothing");
  }

  @Test
  void anUnreachableServerFailsWithExit1AndNeverShowsThePassword() throws Exception {
    String secret = password();
    Path journal = dir.resolve("move.journal");
    CliRun fromEnv = relocate("--size", SIZE, "--journal", journal.toString(), "--apply");
    Path file = Files.writeString(dir.resolve("pw"), secret + "\n");
    CliRun fromFile = CliRun.execute("storage", "relocate-log", "--url", UNREACHABLE, "--to", TARGET, "--size", SIZE,
        "--user", "system", "--password-file", file.toString());
    for (CliRun r : List.of(fromEnv, fromFile)) {
      assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.RUN_FAILED);
      assertThat(r.err()).contains("cannot connect as system to " + UNREACHABLE);
      assertThat(r.out() + r.err()).doesNotContain(secret);
    }
    assertThat(journal).as("no journal begun without a connection").doesNotExist();
  }

  // ---- undo ----

  private Path journal(String operation) throws Exception {
    Path file = dir.resolve(operation + ".journal");
    try (Journal journal = Journal.begin(file, operation, Map.of("server", UNREACHABLE))) {
      journal.completed();
    }
    return file;
  }

  @Test
  void undoingAnOracleJournalNeedsTheServersUrlAndLogin() throws Exception {
    Path oracle = journal(OracleRedoRelocation.OPERATION);
    badInput(CliRun.execute("storage", "undo", oracle.toString()), "--url is missing",
        "records " + OracleRedoRelocation.OPERATION, "--user USER", "--password-env VAR", "--password-file FILE");
    badInput(CliRun.execute("storage", "undo", oracle.toString(), "--url", UNREACHABLE, "--password-env",
        PASSWORD_VARIABLE), "--user is missing");
  }

  @Test
  void undoingAnOracleJournalOnAnUnreachableServerFailsWithExit1AndNeverShowsThePassword() throws Exception {
    String secret = password();
    CliRun r = CliRun.execute("storage", "undo", journal(OracleRedoRelocation.OPERATION).toString(), "--url",
        UNREACHABLE, "--user", "system", "--password-env", PASSWORD_VARIABLE, "--apply");
    assertThat(r.exitCode()).as(r.err()).isEqualTo(ExitCodes.RUN_FAILED);
    assertThat(r.err()).contains("cannot connect as system to " + UNREACHABLE);
    assertThat(r.out() + r.err()).doesNotContain(secret);
  }

  @Test
  void aManagedJournalRefusesTheConnectionOptions() throws Exception {
    Path managed = journal(ManagedLogRelocation.OPERATION);
    badInput(CliRun.execute("storage", "undo", managed.toString(), "--url", UNREACHABLE, "--user", "system"),
        "--url, --user: ", "records " + ManagedLogRelocation.OPERATION, "without a connection");
  }

  @Test
  void aJournalOfAnotherOperationIsRefusedNamingTheOnesUndoReverses() throws Exception {
    CliRun r = CliRun.execute("storage", "undo", journal("lab-up").toString());
    assertThat(r.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(r.err()).contains("records 'lab-up'", Stream.of(ManagedLogRelocation.OPERATION,
        OracleRedoRelocation.OPERATION).reduce((a, b) -> a + " and " + b).orElseThrow());
  }
}
