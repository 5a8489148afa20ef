package io.commitbench.storage.relocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The operator plan for a PostgreSQL server the agent does not manage, chosen by its URL. */
class UnmanagedPostgresqlRelocationTest {

  @Test
  void postgresqlPlanIsForItsOperatorOnly() throws Exception {
    LogRelocation r = UnmanagedRelocations.forUrl("jdbc:postgresql://db:5432/x", Path.of("/ssd"));
    List<String> lines = r.plan().render(Plan.Mode.FOR_OPERATOR);
    assertThat(lines.get(0)).contains("NOT EXECUTED");
    assertThat(String.join("\n", lines)).contains("pg_ctl -D \"$PGDATA\" stop -m fast")
        .contains("ln -s /ssd/pg_wal \"$PGDATA/pg_wal.new\"").contains("mv -T \"$PGDATA/pg_wal.new\" \"$PGDATA/pg_wal\"");
    assertThatThrownBy(() -> r.apply(null)).isInstanceOf(RefusedException.class).hasMessageContaining("does not manage");
  }

  @Test
  void refusesAnUnknownUrlListingTheAcceptedOnes() {
    assertThatThrownBy(() -> UnmanagedRelocations.forUrl("jdbc:h2:mem:x", Path.of("/ssd")))
        .isInstanceOf(RefusedException.class).hasMessageContaining("jdbc:postgresql:");
  }
}
