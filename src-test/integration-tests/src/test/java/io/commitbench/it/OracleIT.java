package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargetExtension;
import io.commitbench.it.support.Db;
import io.commitbench.it.support.PaperRun;
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.ResultAssertions;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paper's own database: its workload on Oracle (an env URL, a local Oracle Free on 1521, or
 * the pinned gvenzl/oracle-free container), and what only Oracle has, the tablespace quota of
 * each actor's user. Skipped, with the reason printed, where none of those exists.
 */
@ExtendWith(DatabaseTargetExtension.class)
class OracleIT {

  private static final long MEGABYTE = 1024L * 1024L;

  /** The published run: AutoCommit true, quota 50 MB, one user per actor; 3 cycles instead of 30. */
  @Test
  void paperWorkloadAsPublished(@Db(DatabaseKind.ORACLE) DatabaseTarget oracle, @TempDir Path tmp) throws Exception {
    PaperRun.of(oracle, tmp, Repository.file("config/paper.properties"), Workload.paper(3))
        .set("repeat", "3")
        .set("autocommit", "true")
        .set("quota", "50")
        .set("users.mode", "db-users")
        .check();
  }

  @Test
  void everyActorUserGetsTheConfiguredQuotaOnUsers(@Db(DatabaseKind.ORACLE) DatabaseTarget oracle, @TempDir Path tmp)
      throws Exception {
    TestNames names = TestNames.unique();
    Workload small = new Workload(2, 0, 1, 5, 1);
    Path file = Commitbench.writeParameterFile(tmp.resolve("quota.properties"), small.keys());
    Map<String, String> overrides = new LinkedHashMap<>(oracle.settings(tmp.resolve("secrets")));
    overrides.put("table.prefix", names.tablePrefix());
    overrides.put("user.prefix", names.userPrefix());
    overrides.put("users.mode", "db-users");
    overrides.put("quota", "7");
    overrides.put("cleanup", "false"); // keep the users, to read their quota
    try (Connection admin = oracle.connect()) {
      Catalog catalog = new Catalog(oracle.kind(), admin);
      try {
        RunOutput run = Commitbench.run(file, tmp.resolve("results"), "quota", overrides);
        ResultAssertions.assertCompleted(run);
        Map<String, Long> quotas = new LinkedHashMap<>();
        try (PreparedStatement st = admin.prepareStatement(
            "SELECT LOWER(username), max_bytes FROM dba_ts_quotas"
                + " WHERE tablespace_name = 'USERS' AND LOWER(username) LIKE ?")) {
          st.setString(1, names.userPrefix() + "%");
          try (ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
              quotas.put(rs.getString(1), rs.getLong(2));
            }
          }
        }
        assertThat(quotas).as("USERS tablespace quotas of the actors' users").containsExactlyInAnyOrderEntriesOf(
            Map.of(names.userPrefix() + "1", 7 * MEGABYTE, names.userPrefix() + "2", 7 * MEGABYTE));
      } finally {
        catalog.dropEverything(names);
      }
    }
  }
}
