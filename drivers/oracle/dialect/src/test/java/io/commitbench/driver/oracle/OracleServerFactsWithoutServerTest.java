package io.commitbench.driver.oracle;

import static io.commitbench.core.server.RecordedRowsConnection.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.Fact;
import io.commitbench.core.server.RecordedRowsConnection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Oracle's environment queries: their exact text and how their rows are read. No Oracle server
 * ran for this test, so nothing here proves Oracle accepts the SQL. The rows are written in the
 * shape the Oracle Database Reference gives for V$DATABASE, V$PARAMETER, V$LOG and V$LOGFILE,
 * with the values of a gvenzl/oracle-free container (two 20 MB groups in
 * /opt/oracle/oradata/FREE, NOARCHIVELOG), not captured from one; the errors are Oracle's texts
 * for a user without SELECT_CATALOG_ROLE. OracleIT runs the queries where an Oracle exists.
 */
class OracleServerFactsWithoutServerTest {

  private static final String BANNER = "Oracle Database 23ai Free Release 23.0.0.0.0 - Develop, Learn, and Run for Free\n"
      + "Version 23.6.0.24.10";
  private static final String NO_VIEW = "ORA-00942: table or view does not exist";

  @Test
  void theQueriesAreExactlyThese() {
    assertThat(OracleServerFacts.DATABASE_SQL).isEqualTo("SELECT LOG_MODE, FORCE_LOGGING FROM V$DATABASE");
    assertThat(OracleServerFacts.PARAMETERS_SQL).isEqualTo("SELECT NAME, VALUE FROM V$PARAMETER"
        + " WHERE NAME IN ('commit_logging', 'commit_wait', 'filesystemio_options') ORDER BY NAME");
    assertThat(OracleServerFacts.LOG_SQL).isEqualTo("SELECT GROUP#, BYTES, BLOCKSIZE FROM V$LOG ORDER BY GROUP#");
    assertThat(OracleServerFacts.LOGFILE_SQL)
        .isEqualTo("SELECT GROUP#, MEMBER FROM V$LOGFILE WHERE TYPE = 'ONLINE' ORDER BY GROUP#, MEMBER");
  }

  @Test
  void aFreshOracleFreeContainer() throws SQLException {
    RecordedRowsConnection db = oracle()
        .answer(OracleServerFacts.DATABASE_SQL, row("LOG_MODE", "NOARCHIVELOG", "FORCE_LOGGING", "NO"))
        .answer(OracleServerFacts.PARAMETERS_SQL,
            row("NAME", "commit_logging", "VALUE", null),
            row("NAME", "commit_wait", "VALUE", null),
            row("NAME", "filesystemio_options", "VALUE", "setall"))
        .answer(OracleServerFacts.LOG_SQL,
            row("GROUP#", "1", "BYTES", "20971520", "BLOCKSIZE", "512"),
            row("GROUP#", "2", "BYTES", "20971520", "BLOCKSIZE", "512"))
        .answer(OracleServerFacts.LOGFILE_SQL,
            row("GROUP#", "1", "MEMBER", "/opt/oracle/oradata/FREE/redo01.log"),
            row("GROUP#", "2", "MEMBER", "/opt/oracle/oradata/FREE/redo02.log"));

    List<Fact> facts = OracleServerFacts.read(db.connection());

    assertThat(facts).containsExactly(
        Fact.of("server", "product", "Oracle"),
        Fact.of("server", "version", "Oracle Database 23ai Free Release 23.0.0.0.0 - Develop, Learn, and Run for Free;"
            + " Version 23.6.0.24.10"),
        Fact.of("durability", "log_mode", "NOARCHIVELOG"),
        Fact.of("durability", "force_logging", "NO"),
        Fact.of("durability", "commit_logging", "not set (commits are logged IMMEDIATE)"),
        Fact.of("durability", "commit_wait", "not set (commits WAIT for the redo write)"),
        Fact.of("durability", "filesystemio_options", "setall"),
        Fact.of("durability", "redo_groups", "2"),
        Fact.of("durability", "redo_group_bytes", "20971520"),
        Fact.of("durability", "redo_block_size", "512"),
        Fact.of("log_location", "redo_group_1_member_1", "/opt/oracle/oradata/FREE/redo01.log"),
        Fact.of("log_location", "redo_group_2_member_1", "/opt/oracle/oradata/FREE/redo02.log"));
    assertThat(db.queries()).containsExactly(OracleServerFacts.DATABASE_SQL, OracleServerFacts.PARAMETERS_SQL,
        OracleServerFacts.LOG_SQL, OracleServerFacts.LOGFILE_SQL);
  }

  @Test
  void groupsOfDifferentSizesAndMultiplexedMembers() throws SQLException {
    RecordedRowsConnection db = oracle()
        .answer(OracleServerFacts.DATABASE_SQL, row("LOG_MODE", "ARCHIVELOG", "FORCE_LOGGING", "YES"))
        .answer(OracleServerFacts.PARAMETERS_SQL,
            row("NAME", "commit_logging", "VALUE", "BATCH"),
            row("NAME", "commit_wait", "VALUE", "NOWAIT"),
            row("NAME", "filesystemio_options", "VALUE", "none"))
        .answer(OracleServerFacts.LOG_SQL,
            row("GROUP#", "1", "BYTES", "52428800", "BLOCKSIZE", "512"),
            row("GROUP#", "2", "BYTES", "52428800", "BLOCKSIZE", "512"),
            row("GROUP#", "11", "BYTES", "268435456", "BLOCKSIZE", "4096"))
        .answer(OracleServerFacts.LOGFILE_SQL,
            row("GROUP#", "1", "MEMBER", "/u01/redo01a.log"),
            row("GROUP#", "1", "MEMBER", "/u02/redo01b.log"),
            row("GROUP#", "2", "MEMBER", "/u01/redo02a.log"),
            row("GROUP#", "11", "MEMBER", "/ssd/redo11a.log"));

    Map<String, Fact> facts = byKey(OracleServerFacts.read(db.connection()));

    assertThat(facts.get("durability/commit_wait").value()).isEqualTo("NOWAIT");
    assertThat(facts.get("durability/redo_groups").value()).isEqualTo("3");
    assertThat(facts.get("durability/redo_group_bytes").value())
        .isEqualTo("group 1=52428800, group 2=52428800, group 11=268435456");
    assertThat(facts.get("durability/redo_block_size").value()).isEqualTo("group 1=512, group 2=512, group 11=4096");
    assertThat(facts.keySet()).filteredOn(k -> k.startsWith("log_location/")).containsExactly(
        "log_location/redo_group_1_member_1", "log_location/redo_group_1_member_2",
        "log_location/redo_group_2_member_1", "log_location/redo_group_11_member_1");
    assertThat(facts.get("log_location/redo_group_1_member_2").value()).isEqualTo("/u02/redo01b.log");
  }

  @Test
  void withoutCatalogAccessEveryViewsFactsCarryOraclesMessage() throws SQLException {
    RecordedRowsConnection db = oracle();
    for (String sql : List.of(OracleServerFacts.DATABASE_SQL, OracleServerFacts.PARAMETERS_SQL,
        OracleServerFacts.LOG_SQL, OracleServerFacts.LOGFILE_SQL)) {
      db.fail(sql, new SQLException(NO_VIEW + "\n\nhttps://docs.oracle.com/error-help/db/ora-00942/", "42000", 942));
    }

    List<Fact> facts = OracleServerFacts.read(db.connection());

    assertThat(facts).filteredOn(f -> !f.group().equals("server"))
        .extracting(Fact::name)
        .containsExactly("log_mode", "force_logging", "commit_logging", "commit_wait", "filesystemio_options",
            "redo_groups", "redo_group_bytes", "redo_block_size", "redo_members");
    assertThat(facts).filteredOn(f -> !f.group().equals("server"))
        .allSatisfy(f -> assertThat(f.unknownReason()).isEqualTo(NO_VIEW));
  }

  @Test
  void emptyViewsAndAMissingParameterAreSaid() throws SQLException {
    RecordedRowsConnection db = oracle()
        .answer(OracleServerFacts.DATABASE_SQL, row("LOG_MODE", "NOARCHIVELOG", "FORCE_LOGGING", null))
        .answer(OracleServerFacts.PARAMETERS_SQL, row("NAME", "commit_wait", "VALUE", "WAIT"))
        .answer(OracleServerFacts.LOG_SQL)
        .answer(OracleServerFacts.LOGFILE_SQL);

    Map<String, Fact> facts = byKey(OracleServerFacts.read(db.connection()));

    assertThat(facts.get("durability/force_logging").unknownReason()).isEqualTo("no value from: " + OracleServerFacts.DATABASE_SQL);
    assertThat(facts.get("durability/commit_logging").unknownReason()).isEqualTo("V$PARAMETER has no row commit_logging");
    assertThat(facts.get("durability/redo_groups").unknownReason()).isEqualTo("V$LOG has no row");
    assertThat(facts.get("log_location/redo_members").unknownReason()).isEqualTo("V$LOGFILE has no ONLINE row");
  }

  private static RecordedRowsConnection oracle() {
    return new RecordedRowsConnection("Oracle", BANNER);
  }

  private static Map<String, Fact> byKey(List<Fact> facts) {
    return facts.stream().collect(Collectors.toMap(f -> f.group() + "/" + f.name(), f -> f, (a, b) -> a, LinkedHashMap::new));
  }
}
