package io.commitbench.core.environment;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.Fact;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EnvironmentTextTest {

  @Test
  void headerLinesOfALocalRun() {
    assertThat(EnvironmentText.headerLines(EnvironmentFixtures.postgresqlOnThisHost())).containsExactly(
        " | DB Product       : PostgreSQL 15.20 (Debian 15.20-0+deb12u1)",
        " | Durability       : synchronous_commit=on fsync=on wal_sync_method=fdatasync full_page_writes=on",
        " |                    wal_recycle=on wal_init_zero=on commit_delay=0 wal_level=unknown (permission denied)",
        " | Log Location     : /var/lib/postgresql/15/main/pg_wal -> /ssd/pg_wal",
        " | Log Filesystem   : ext4 /dev/loop3 on /ssd (rw,noatime)",
        " | Log Device       : loop3 (loop, /dev/shm/ssd.img on tmpfs), non-rotational, blocks 512/512 bytes, discard,"
            + " 1.0 GiB free",
        " | Host CPU         : AMD EPYC, 2 CPUs",
        " | Host Memory      : 23.5 GiB",
        " | Host OS          : Debian GNU/Linux 12 (bookworm), kernel 6.18.44-fc-v595",
        " | Java             : 17.0.15+6-Debian-1deb12u1 (Debian, OpenJDK 64-Bit Server VM)",
        " | commitbench      : 0.1.0, commit e5dd8a6790050d6bbcb9b4af20bc2fcadd56f949");
  }

  @Test
  void unknownsShowTheirReason() {
    List<Fact> facts = new ArrayList<>(List.of(
        Fact.unknown("server", "product", "cannot connect"),
        Fact.of("server", "version", "11"),
        Fact.of("log_location", "redo_group_1_member_1", "/u01/redo01.log"),
        Fact.unknown("log_device", "redo_group_1_member_1.filesystem", "database host db1 is not this host"),
        Fact.unknown("harness", "commit", "built outside git")));
    assertThat(EnvironmentText.headerLines(facts)).containsSubsequence(
        " | DB Product       : unknown (cannot connect) 11",
        " | Durability       : none reported",
        " | Log Location     : /u01/redo01.log",
        " | Log Device       : unknown (database host db1 is not this host)",
        " | Host CPU         : unknown (not collected), unknown (not collected) CPUs",
        " | commitbench      : unknown (not collected), commit unknown (built outside git)");
  }

  @Test
  void aSmallFilesystemShowsMebibytes() {
    List<Fact> facts = new ArrayList<>(EnvironmentFixtures.postgresqlOnThisHost());
    facts.replaceAll(f -> f.name().equals("wal_directory.free_bytes") ? Fact.of(f.group(), f.name(), "67108864") : f);
    assertThat(EnvironmentText.headerLines(facts)).anySatisfy(line -> assertThat(line).endsWith(", 64.0 MiB free"));
  }

  @Test
  void everyLineIsAHeaderLineAndLongSettingsWrap() {
    List<Fact> facts = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      facts.add(Fact.of("durability", "setting_" + i, "value_" + i));
    }
    List<String> lines = EnvironmentText.headerLines(facts);
    assertThat(lines).allSatisfy(line -> assertThat(line).startsWith(" | ").doesNotEndWith("\n"));
    assertThat(lines.stream().filter(l -> l.contains("setting_")).toList())
        .hasSizeGreaterThan(3)
        .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(EnvironmentText.MAX_LINE));
  }
}
