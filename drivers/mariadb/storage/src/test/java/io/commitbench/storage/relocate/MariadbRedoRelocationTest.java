package io.commitbench.storage.relocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.mariadb.MariadbEngine;
import io.commitbench.storage.mariadb.MariadbRedoRelocation;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MariadbRedoRelocationTest {

  @TempDir Path base;

  @Test
  void planSlowShutdownCopyDescriptorStartVerifyThenDeleteTheOldLog() throws Exception {
    RecordingRunner runner = RecordingRunner.allSucceed();
    Path target = Files.createDirectories(base.resolve("fast"));
    Path inst = base.resolve("my");
    Plan plan = new MariadbRedoRelocation(FakeMariadbInstance.create(base, runner), target, List.of(base), runner,
        Clock.systemUTC()).plan();

    String client = "mariadb --no-defaults --protocol=tcp -h 127.0.0.1 -P 45678 -u root -N -B -e ";
    assertThat(plan.steps()).extracting(PlannedStep::actions).containsExactly(
        List.of(client + "'SET GLOBAL innodb_fast_shutdown=0; SHUTDOWN'"),
        List.of("cp -a " + inst + "/log/ib_logfile0 " + target + "/ib_logfile0",
            "sync " + target + "/ib_logfile0 " + target),
        List.of(inst + "/instance.json: \"logDir\": \"" + target + "\""),
        List.of("setsid /usr/sbin/mariadbd --no-defaults --user=mysql --datadir=" + inst + "/data"
            + " --innodb-log-group-home-dir=" + target + " --port=45678 --socket=" + inst + "/socket/mariadb.sock"
            + " --bind-address=127.0.0.1 --pid-file=" + inst + "/mariadbd.pid --log-error=" + inst + "/server.log "
            + String.join(" ", MariadbEngine.PERFORMANCE_SCHEMA)),
        List.of(client + "'SELECT @@innodb_log_group_home_dir'"),
        List.of("rm " + inst + "/log/ib_logfile0"));
    assertThat(plan.render(Plan.Mode.DRY_RUN).get(0)).contains("dry run");
    assertThat(Files.exists(inst.resolve("log/ib_logfile0"))).isTrue();
  }

  @Test
  void refusesATargetThatHoldsARedoLog() throws Exception {
    RecordingRunner runner = RecordingRunner.allSucceed();
    Path target = Files.createDirectories(base.resolve("fast"));
    Files.writeString(target.resolve("ib_logfile0"), "x");
    assertThatThrownBy(() -> new MariadbRedoRelocation(FakeMariadbInstance.create(base, runner), target, List.of(base),
        runner, Clock.systemUTC()).plan()).isInstanceOf(RefusedException.class).hasMessageContaining("ib_logfile0");
  }

  @Test
  void refusesATargetTheMysqlUserCannotWrite() throws Exception {
    RecordingRunner runner = new RecordingRunner(c -> c.argv().get(0).equals("test"));
    Path target = Files.createDirectories(base.resolve("fast"));
    assertThatThrownBy(() -> new MariadbRedoRelocation(FakeMariadbInstance.create(base, runner), target, List.of(base),
        runner, Clock.systemUTC()).plan()).isInstanceOf(RefusedException.class)
        .hasMessageContaining("not writable by the server's OS user mysql");
  }
}
