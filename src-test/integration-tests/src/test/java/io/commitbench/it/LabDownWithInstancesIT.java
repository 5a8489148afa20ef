package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.lab.Lab;
import io.commitbench.storage.lab.LabSpec;
import io.commitbench.core.host.lab.LabState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code storage lab down} with managed instances <i>stopped</i> on the lab (so no process holds a
 * mount and the cgroup is empty): a PostgreSQL instance whose WAL is on the hdd and a MariaDB
 * instance whose data directory is on the ssd and whose server starts in the lab's throttle cgroup.
 * Down must refuse (exit 2, also as a dry run),
 * naming each instance, what it keeps on the lab and how to remove it or move its log off, and
 * change nothing: lab.json, images and mounts stay, and the instances still start. Once the WAL is
 * moved off the lab only the MariaDB instance and the old WAL the move kept on the hdd are named;
 * once that instance is destroyed, down is refused for the kept WAL alone, goes through with
 * {@code --delete-kept-logs}, and the PostgreSQL instance still starts.
 * Real loop devices, real private servers; needs what {@link StorageLabIT} and {@link
 * ManagedInstanceIT} need.
 */
class LabDownWithInstancesIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final long SIZE = 256L << 20;

  private final CommandRunner runner = ProcessCommandRunner.standard();

  @Test
  void downRefusesWhileStoppedInstancesKeepTheirLogOrDataOnTheLab() throws Exception {
    LabItSupport.requirements();
    InstanceItSupport.requirements("postgresql");
    InstanceItSupport.requirements("mariadb");
    Path root = Files.createTempDirectory(Path.of("/var/tmp"), "lab-it-");
    // The servers run as their own OS users, who must reach the directories on the mounts.
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path base = InstanceItSupport.base("lab-down-it-");
    LabSpec spec = LabSpec.defaults(root).withId("lab-it-" + Integer.toHexString(ThreadLocalRandom.current().nextInt()))
        .withSizes(SIZE, SIZE);
    Path pgDir = base.resolve("pg");
    Path myDir = base.resolve("my");
    try {
      LabState lab = Lab.up(spec, runner, System.out);
      Path pgLog = lab.mount("hdd").resolve("pg-log");
      Path myData = lab.mount("ssd").resolve("my-data");
      ManagedInstance pg = ManagedInstance.create("postgresql", pgDir, pgDir.resolve("data"), pgLog, 0,
          Optional.empty(), runner);
      Path cgroup = lab.throttleCgroup().orElseThrow();
      ManagedInstance my = ManagedInstance.create("mariadb", myDir, myData, myDir.resolve("log"), 0, Optional.of(cgroup),
          runner);
      assertThat(pg.stop()).isTrue();
      assertThat(my.stop()).isTrue();
      String labJson = Files.readString(root.resolve(LabState.FILE));

      CliResult dry = cli("storage", "lab", "down", "--root", root.toString());
      System.out.println(PREFIX + "dry run of down with two stopped instances: exit " + dry.exitCode() + ": "
          + dry.err().strip());
      assertThat(dry.exitCode()).as(dry.describe()).isEqualTo(2);
      CliResult down = cli("storage", "lab", "down", "--root", root.toString(), "--apply");
      System.out.println(PREFIX + "down with two stopped instances: exit " + down.exitCode() + ": "
          + down.err().strip());
      assertThat(down.exitCode()).as(down.describe()).isEqualTo(2);
      assertThat(down.err()).contains(
          "managed postgresql instance " + pgDir + " keeps its log " + pgLog + " on the hdd",
          "commitbench storage instance destroy --instance " + pgDir + " --apply",
          "commitbench storage relocate-log --instance " + pgDir + " --to DIR --apply",
          "managed mariadb instance " + myDir + " keeps its data " + myData + " on the ssd, its throttle cgroup "
              + cgroup + " (the lab's)",
          "commitbench storage instance destroy --instance " + myDir + " --apply");
      unchanged(lab, root, labJson);
      for (ManagedInstance i : List.of(pg, my)) {
        assertThat(i.start()).as("%s starts after the refusal", i.descriptor().instanceDir()).isTrue();
        assertThat(i.query("SELECT 6*7")).isEqualTo("42");
        assertThat(i.stop()).isTrue();
      }

      // The WAL moved off the lab (the server stays stopped): only MariaDB is named now.
      Path offLab = Files.createDirectories(base.resolve("pg-log-2"));
      runner.run(Command.of("chown", "postgres:", offLab.toString()));
      CliResult moved = cli("storage", "relocate-log", "--instance", pgDir.toString(), "--to", offLab.toString(),
          "--allow-root", base.toString(), "--apply");
      assertThat(moved.exitCode()).as(moved.describe()).isZero();
      // The move kept the old WAL beside the log it left, on the hdd: down names it too.
      Path keptWal = pgLog.resolve("pg_wal.moved-1");
      assertThat(keptWal).isDirectory();
      CliResult again = cli("storage", "lab", "down", "--root", root.toString(), "--apply");
      assertThat(again.exitCode()).as(again.describe()).isEqualTo(2);
      assertThat(again.err()).contains("managed mariadb instance " + myDir, "kept on the lab: " + keptWal + " (")
          .doesNotContain("managed postgresql instance " + pgDir + " keeps");
      unchanged(lab, root, labJson);

      CliResult destroyed = cli("storage", "instance", "destroy", "--instance", myDir.toString(), "--apply");
      assertThat(destroyed.exitCode()).as(destroyed.describe()).isZero();
      CliResult kept = cli("storage", "lab", "down", "--root", root.toString(), "--apply");
      System.out.println(PREFIX + "down with an old WAL kept on the hdd: exit " + kept.exitCode() + ": "
          + kept.err().strip());
      assertThat(kept.exitCode()).as(kept.describe()).isEqualTo(2);
      assertThat(kept.err()).contains("kept on the lab: " + keptWal + " (", "--delete-kept-logs")
          .doesNotContain("managed mariadb instance");
      unchanged(lab, root, labJson);
      CliResult last = cli("storage", "lab", "down", "--root", root.toString(), "--delete-kept-logs", "--apply");
      assertThat(last.exitCode()).as(last.describe()).isZero();
      assertThat(last.out()).contains("$ rm -rf " + keptWal);
      assertThat(LabState.read(root)).isEmpty();
      assertThat(root.resolve("tenants")).as("the destroyed instance's record goes with the lab").doesNotExist();

      ManagedInstance survivor = ManagedInstance.open(pgDir, runner);
      assertThat(survivor.start()).as("the instance whose log left the lab outlives it").isTrue();
      assertThat(survivor.query("SELECT 6*7")).isEqualTo("42");
      survivor.destroy();
    } finally {
      for (Path dir : List.of(pgDir, myDir)) {
        if (Files.exists(dir.resolve("instance.json"))) {
          InstanceItSupport.quietly(() -> ManagedInstance.open(dir, runner).destroy());
        }
      }
      if (LabState.read(root).isPresent()) {
        InstanceItSupport.quietly(() -> Lab.down(root, runner, System.out, true));
      }
      runner.run(Command.of("rm", "-rf", "--one-file-system", root.toString()));
      InstanceItSupport.deleteTree(base);
    }
  }

  /** The lab as up left it: lab.json, the images, the mounts. */
  private void unchanged(LabState lab, Path root, String labJson) throws Exception {
    assertThat(Files.readString(root.resolve(LabState.FILE))).isEqualTo(labJson);
    for (String name : List.of("ssd", "hdd")) {
      assertThat(lab.device(name).image()).exists();
      assertThat(LabItSupport.mountLine(lab.mount(name))).as(name + " still mounted").isPresent();
    }
  }

  private static CliResult cli(String... args) {
    return Commitbench.execute(List.of(args));
  }
}
