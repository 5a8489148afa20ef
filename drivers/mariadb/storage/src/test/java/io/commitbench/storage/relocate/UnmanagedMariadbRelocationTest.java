package io.commitbench.storage.relocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The operator plan for a MariaDB server the agent does not manage, chosen by its URL. */
class UnmanagedMariadbRelocationTest {

  @Test
  void mariadbPlanSlowShutdownAndDeletesTheOldLogLast() throws Exception {
    LogRelocation r = UnmanagedRelocations.forUrl("jdbc:mariadb://db:3306/x", Path.of("/ssd"));
    List<String> lines = r.plan().render(Plan.Mode.FOR_OPERATOR);
    String text = String.join("\n", lines);
    assertThat(text).contains("SET GLOBAL innodb_fast_shutdown=0; SHUTDOWN").contains("innodb_log_group_home_dir = /ssd");
    assertThat(text.indexOf("rm \"$LOGDIR/ib_logfile0\"")).isGreaterThan(text.indexOf("SELECT @@innodb_log_group_home_dir"));
    assertThatThrownBy(() -> r.apply(null)).isInstanceOf(RefusedException.class);
  }
}
