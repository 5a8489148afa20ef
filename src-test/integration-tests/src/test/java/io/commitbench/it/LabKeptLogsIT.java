package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.lab.Lab;
import io.commitbench.storage.lab.LabSpec;
import io.commitbench.core.host.lab.LabState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The old WAL directories that relocations keep beside a log on a lab, through the command line:
 * a private PostgreSQL server's WAL moves from the lab's hdd to its ssd and back and to the ssd
 * again. Each dry run names the {@code pg_wal.moved-N} its {@code --apply} then uses, a later move
 * takes the next free name, and every step of each journal carries an exit code. {@code lab down}
 * names every kept old log still on the lab, in its plan and its refusal (exit 2, nothing
 * changed); one moved off the lab by hand is no longer named; with {@code --delete-kept-logs}
 * down deletes the others, each shown and journaled by path. Real loop devices and a real private
 * server; needs what {@link StorageLabIT} and {@link ManagedInstanceIT} need.
 */
class LabKeptLogsIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final long SIZE = 256L << 20;
  private static final Pattern JOURNAL = Pattern.compile("moved in ([0-9.]+) s; journal: (\\S+)");
  private static final Pattern KEPT = Pattern.compile("mv -T (\\S+/pg_wal) (\\S+/pg_wal\\.moved-[0-9]+)");

  private final CommandRunner runner = ProcessCommandRunner.standard();

  @Test
  void plansNameTheKeptOldLogsTheirApplyMakesAndLabDownNamesThemAndDeletesThemOnlyWhenTold() throws Exception {
    LabItSupport.requirements();
    InstanceItSupport.requirements("postgresql");
    Path root = Files.createTempDirectory(Path.of("/var/tmp"), "lab-kept-it-");
    // The server runs as its own OS user, who must reach the directories on the mounts.
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path base = InstanceItSupport.base("lab-kept-it-");
    LabSpec spec = LabSpec.defaults(root).withId("lab-kept-" + Integer.toHexString(ThreadLocalRandom.current()
        .nextInt())).withSizes(SIZE, SIZE).withCalibration(false);
    Path pgDir = base.resolve("pg");
    try {
      LabState lab = Lab.up(spec, runner, System.out);
      // A log directory the instance did not make, so that destroy leaves it, and what it keeps, on the lab.
      Path hdd = Files.createDirectories(lab.mount("hdd").resolve("pg"));
      runner.run(Command.of("chown", "postgres:", hdd.toString()));
      Path ssd = lab.mount("ssd").resolve("pg");
      ManagedInstance.create("postgresql", pgDir, pgDir.resolve("data"), hdd, 0, Optional.empty(), runner);

      Path toSsd = move("relocate-log", "--instance", pgDir.toString(), "--to", ssd.toString(), "--create-target",
          "--allow-root", root.toString());
      Path kept1 = keptBy(toSsd, hdd.resolve("pg_wal.moved-1"));
      Path back = move("undo", toSsd.toString());
      Path kept2 = keptBy(back, ssd.resolve("pg_wal.moved-1"));
      Path again = move("relocate-log", "--instance", pgDir.toString(), "--to", ssd.toString(), "--allow-root",
          root.toString());
      Path kept3 = keptBy(again, hdd.resolve("pg_wal.moved-2"));
      for (Path kept : List.of(kept1, kept2, kept3)) {
        assertThat(kept.resolve("archive_status")).as("%s is a whole WAL directory", kept).isDirectory();
      }

      CliResult destroyed = cli("storage", "instance", "destroy", "--instance", pgDir.toString(), "--apply");
      assertThat(destroyed.exitCode()).as(destroyed.describe()).isZero();
      String labJson = Files.readString(root.resolve(LabState.FILE));
      CliResult status = cli("storage", "lab", "status", "--root", root.toString());
      assertThat(status.out()).contains("old logs kept by relocations (down deletes them only with"
          + " --delete-kept-logs): 3", kept1.toString(), kept2.toString(), kept3.toString());

      CliResult dry = cli("storage", "lab", "down", "--root", root.toString());
      System.out.println(PREFIX + "dry run of down with three kept old WAL directories: exit " + dry.exitCode()
          + ":\n" + dry.out() + dry.err());
      assertThat(dry.exitCode()).as(dry.describe()).isEqualTo(2);
      for (Path kept : List.of(kept1, kept2, kept3)) {
        assertThat(dry.out()).as("the plan names " + kept).contains("rm -rf " + kept, "kept on the lab: " + kept);
        assertThat(dry.err()).as("the refusal names " + kept).contains("kept on the lab: " + kept + " (");
      }
      assertThat(dry.err()).contains("give --delete-kept-logs");
      CliResult refused = cli("storage", "lab", "down", "--root", root.toString(), "--apply");
      assertThat(refused.exitCode()).as(refused.describe()).isEqualTo(2);
      assertThat(Files.readString(root.resolve(LabState.FILE))).isEqualTo(labJson);
      for (Path kept : List.of(kept1, kept2, kept3)) {
        assertThat(kept).as("refused: %s is still there", kept).isDirectory();
      }

      // one is moved off the lab to keep it: down no longer names it, and leaves it where it went
      Path saved = base.resolve("saved-wal");
      runner.run(Command.of("mv", "-T", kept3.toString(), saved.toString()));
      CliResult down = cli("storage", "lab", "down", "--root", root.toString(), "--delete-kept-logs", "--apply");
      System.out.println(PREFIX + "down --delete-kept-logs: exit " + down.exitCode() + ":\n" + down.out());
      assertThat(down.exitCode()).as(down.describe()).isZero();
      assertThat(down.out()).contains("$ rm -rf " + kept1, "$ rm -rf " + kept2).doesNotContain(kept3.toString());
      assertThat(LabState.read(root)).isEmpty();
      assertThat(root.resolve("kept")).as("the records go with the lab").doesNotExist();
      assertThat(saved.resolve("archive_status")).as("the copy moved off the lab is untouched").isDirectory();
      JournalReader.Contents journal = JournalReader.read(onlyJournal(root.resolve("journal"), "lab-down-"));
      assertThat(journal.steps()).filteredOn(e -> e.text().equals("deleted a kept old log"))
          .extracting(e -> e.detail().get("path") + " " + e.detail().get("ran") + " -> " + e.detail().get("exit"))
          .containsExactly(kept1 + " rm -rf " + kept1 + " -> 0", kept2 + " rm -rf " + kept2 + " -> 0");
      InstanceItSupport.everyStepHasAnExitCode(journal);
    } finally {
      if (Files.exists(pgDir.resolve("instance.json"))) {
        InstanceItSupport.quietly(() -> ManagedInstance.open(pgDir, runner).destroy());
      }
      if (LabState.read(root).isPresent()) {
        InstanceItSupport.quietly(() -> Lab.down(root, runner, System.out, true));
      }
      runner.run(Command.of("rm", "-rf", "--one-file-system", root.toString()));
      InstanceItSupport.deleteTree(base);
    }
  }

  /**
   * Runs {@code storage ARGS} as a dry run and then with {@code --apply}; returns the applied move's
   * journal, after checking that the kept old WAL directory the dry run named is the one the
   * journal says was kept, and that every step line of the journal carries an exit code.
   */
  private static Path move(String... args) throws Exception {
    List<String> dryRun = Stream.concat(Stream.of("storage"), Stream.of(args)).toList();
    CliResult dry = Commitbench.execute(dryRun);
    assertThat(dry.exitCode()).as(dry.describe()).isZero();
    Matcher planned = KEPT.matcher(dry.out());
    assertThat(planned.find()).as("the plan names the kept old WAL: %s", dry.out()).isTrue();
    CliResult applied = Commitbench.execute(Stream.concat(dryRun.stream(), Stream.of("--apply")).toList());
    assertThat(applied.exitCode()).as(applied.describe()).isZero();
    Matcher m = JOURNAL.matcher(applied.out());
    assertThat(m.find()).as(applied.out()).isTrue();
    Path journal = Path.of(m.group(2));
    JournalReader.Contents contents = JournalReader.read(journal);
    assertThat(contents.completed()).isTrue();
    assertThat(contents.steps()).filteredOn(e -> e.text().equals("kept the old WAL directory")).singleElement()
        .satisfies(e -> assertThat(e.detail().get("path")).as("the path %s's dry run named", args[0])
            .isEqualTo(planned.group(2)));
    assertThat(applied.out()).contains("mv -T " + planned.group(1) + " " + planned.group(2));
    InstanceItSupport.everyStepHasAnExitCode(contents);
    System.out.println(PREFIX + String.join(" ", args).replaceAll("/\\S+/", "…/") + ": kept " + planned.group(2)
        + " as its dry run said; " + contents.steps().size() + " steps, each with its exit code");
    return journal;
  }

  /** The path the journal's move kept the old WAL under, which must be {@code expected}. */
  private static Path keptBy(Path journal, Path expected) throws Exception {
    String path = JournalReader.read(journal).steps().stream().filter(e -> e.text().equals("kept the old WAL directory"))
        .map(e -> e.detail().get("path")).findFirst().orElseThrow();
    assertThat(Path.of(path)).isEqualTo(expected);
    return expected;
  }

  private static Path onlyJournal(Path dir, String prefix) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().startsWith(prefix)).collect(
          java.util.stream.Collectors.collectingAndThen(java.util.stream.Collectors.toList(), l -> {
            assertThat(l).hasSize(1);
            return l.get(0);
          }));
    }
  }

  private static CliResult cli(String... args) {
    return Commitbench.execute(List.of(args));
  }
}
