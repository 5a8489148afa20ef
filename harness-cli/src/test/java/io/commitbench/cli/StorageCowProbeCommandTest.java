package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code storage cow-probe} as a user meets it: help, bad input with exit 2, the plan, a probe of a temp dir. */
class StorageCowProbeCommandTest {

  @TempDir Path dir;
  @TempDir Path out;

  @Test
  void helpExplainsThePhasesOptionsAndExitCodes() {
    CliRun r = CliRun.execute("storage", "cow-probe", "--help");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("--size", "--workers", "--rewrites", "--seed", "--fill-order", "--snapshot",
        "--drop-cache", "--keep", "--json", "--journal", "--apply", "commitbench.cow-probe/1", "filefrag",
        "Exit codes:", "25%).", "Default: 1%", "--rewrites 1%");
    assertThat(r.err()).as("picocli formats every line: no stray %").isEmpty();
    assertThat(CliRun.execute("storage", "--help").out()).contains("cow-probe");
  }

  @Test
  void badOptionsAreNamedWithWhatIsAllowedAndNothingIsWritten() throws Exception {
    String d = dir.toString();
    expectBadInput(List.of("storage", "cow-probe", d, "--workers", "0"),
        "Invalid value '0' for option '--workers': give 1 to 64");
    expectBadInput(List.of("storage", "cow-probe", d, "--workers", "65"), "give 1 to 64");
    expectBadInput(List.of("storage", "cow-probe", d, "--size", "1000"),
        "for option '--size': give a multiple of 4 KiB (the probe's block) from 1M to 1T");
    expectBadInput(List.of("storage", "cow-probe", d, "--size", "lots"),
        "Invalid value 'lots' for option '--size': give bytes or a number with K, M, G or T");
    expectBadInput(List.of("storage", "cow-probe", d, "--size", "1M", "--rewrites", "257"),
        "Invalid value '257' for option '--rewrites': give 1 to 256, the blocks in a 1.0 MiB file");
    expectBadInput(List.of("storage", "cow-probe", d, "--rewrites", "200%"),
        "Invalid value '200%' for option '--rewrites'");
    expectBadInput(List.of("storage", "cow-probe", d, "--snapshot", "always"),
        "Invalid value 'always' for option '--snapshot': give auto, none");
    expectBadInput(List.of("storage", "cow-probe", d, "--fill-order", "zigzag"), "give ranges, random");
    expectBadInput(List.of("storage", "cow-probe", d, "--drop-cache", "all"), "give file, system, none");
    Path missing = dir.resolve("missing");
    expectBadInput(List.of("storage", "cow-probe", missing.toString(), "--apply"),
        "refused: cannot probe " + missing + ": it does not exist; give a writable directory");
    expectBadInput(List.of("storage", "cow-probe", d, "--json", missing.resolve("r.json").toString(), "--apply"),
        "refused: cannot write --json " + missing.resolve("r.json") + ": " + missing + " is not a writable directory");
  }

  @Test
  void withoutApplyOnlyThePlanIsPrinted() throws Exception {
    CliRun r = CliRun.execute("storage", "cow-probe", dir.toString(), "--size", "1M", "--rewrites", "25%");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("Plan: copy-on-write probe in " + dir)
        .contains("(dry run: nothing was changed; add --apply to act)", "1.0 MiB, 256 blocks of 4 KiB",
            "rewrite: 4 workers rewrite 64 different random blocks (25.00 % of the file)", "note: free space: ")
        .doesNotContain("phase ");
    assertThat(entries(dir)).isEmpty();
  }

  @Test
  void probesATempDirectoryAndWritesTheReportJsonAndJournal() throws Exception {
    Path json = out.resolve("cow.json");
    Path journal = out.resolve("cow.jsonl");
    CliRun r = CliRun.execute("storage", "cow-probe", dir.toString(), "--size", "1M", "--rewrites", "16", "--workers", "2",
        "--snapshot", "none", "--json", json.toString(), "--journal", journal.toString(), "--apply");
    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("(applying)", "journal: " + journal, "  snapshot : none: not asked (--snapshot none)",
        "  phase          time      MiB/s       ops/s  detail", "256 writes of 4 KiB, fsync ", "16 writes of 4 KiB",
        "1 reads of 1 MiB", " after the fill, ", "# written: " + json);
    assertThat(r.out()).containsPattern("\\n  fill +\\d+\\.\\d{3} s +\\d+\\.\\d{2} +[\\d,]+  ");
    assertThat(Files.readString(json)).contains("\"schema\" : \"commitbench.cow-probe/1\"");
    assertThat(Files.readString(journal)).contains("\"event\":\"end\",\"text\":\"completed\"");
    assertThat(entries(dir)).as("the probe file is deleted").isEmpty();
  }

  private void expectBadInput(List<String> args, String message) throws Exception {
    CliRun r = CliRun.execute(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(2);
    assertThat(r.err()).contains(message);
    assertThat(entries(dir)).isEmpty();
  }

  private static List<Path> entries(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.toList();
    }
  }
}
