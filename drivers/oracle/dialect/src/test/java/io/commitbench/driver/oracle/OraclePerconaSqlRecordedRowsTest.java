package io.commitbench.driver.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

import io.commitbench.core.load.BatchInsertLoader;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.WorkloadSettings;
import io.commitbench.core.workload.percona.PerconaWorkload;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Percona's read-only set ({@code workload=percona-ro}) on Oracle without an Oracle server: the
 * SQL the real {@link OracleDialect} makes the workload produce, and the handling of rows recorded
 * in the shape ojdbc returns them. Nothing here proves that an Oracle
 * server accepts the SQL; it pins the text, so that a change to it is deliberate.
 *
 * <p>The workload is driven through its public API ({@link PerconaWorkload#bind}, {@code tables},
 * {@code load}, {@code newActor}, {@code afterActors}, {@code summaryFigures}) over a JDBC stand-in
 * that writes down every statement prepared or executed, every batch and commit, and answers the
 * catalog queries with recorded rows. The rows (a {@code user_segments} sum and a {@code MAX(id)},
 * both NUMBER, so BigDecimal, under upper-case labels) were written down from Oracle's documented
 * columns and ojdbc's type mapping, not captured from a live instance.
 *
 * <p>With char columns the city is compared as {@code CAST(? AS CHAR(64))}. On Oracle that is
 * needed for the right answer, not only for the index: ojdbc binds a Java string as VARCHAR2, and
 * Oracle compares a CHAR column with a VARCHAR2 value without blank-padding, so a bare {@code ?}
 * would match no row.
 */
class OraclePerconaSqlRecordedRowsTest {

  private static final String TABLE = "BENCH.cb_p_1";
  private static final String INSERT = "INSERT INTO BENCH.cb_p_1 (id, name, email, password, dob, address, city,"
      + " state_id, zip, country_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  private static final String INDEX = "CREATE INDEX BENCH.cb_p_1_country_id_ix ON BENCH.cb_p_1"
      + " (country_id, state_id, city)";
  private static final String SEGMENTS = "SELECT NVL(SUM(bytes), 0) AS bytes FROM user_segments WHERE segment_name IN"
      + " ('CB_P_1') OR segment_name IN (SELECT index_name FROM user_indexes WHERE table_name IN ('CB_P_1'))";
  private static final RunTotals NO_QUERIES = new RunTotals(Map.of(), List.of(), 0, 0, 1_000_000_000L, 0);

  private final OracleDialect dialect = new OracleDialect();

  private static BoundWorkload bound(String strings, long rows, String load) {
    return new PerconaWorkload().bind(new WorkloadSettings(Map.of("percona.table.size", rows, "percona.strings",
        strings, "percona.weight.pk", 1L, "percona.weight.secondary", 1L, "percona.weight.covering", 1L,
        "percona.weight.limit", 1L, "percona.seed", 7L, "load", load, "load.threads", 1L)));
  }

  private List<SchemaTable> tables(BoundWorkload workload) {
    return workload.tables(new SchemaNaming(dialect, "BENCH", "cb_p_"));
  }

  @Test
  void charTableUsesOraclesCharDateAndIntegerWithThePrimaryKeyAndDropsWithPurge() {
    List<SchemaTable> tables = tables(bound("char", 10, "fresh"));

    assertThat(tables).singleElement().satisfies(t -> {
      assertThat(t.spec().qualifiedName()).isEqualTo(TABLE);
      assertThat(t.create()).containsExactly("CREATE TABLE BENCH.cb_p_1 (id INTEGER NOT NULL,"
          + " name CHAR(64) NOT NULL, email CHAR(64) NOT NULL, password CHAR(64) NOT NULL, dob DATE NOT NULL,"
          + " address CHAR(128) NOT NULL, city CHAR(64) NOT NULL, state_id INTEGER NOT NULL, zip CHAR(8) NOT NULL,"
          + " country_id INTEGER NOT NULL, PRIMARY KEY (id))");
      assertThat(t.drop()).singleElement().asString().contains("DROP TABLE BENCH.cb_p_1 PURGE")
          .contains("SQLCODE != -942");
    });
  }

  @Test
  void varcharTableUsesVarchar2WithTheSameLengths() {
    assertThat(tables(bound("varchar", 10, "fresh")).get(0).create()).containsExactly("CREATE TABLE BENCH.cb_p_1"
        + " (id INTEGER NOT NULL, name VARCHAR2(64) NOT NULL, email VARCHAR2(64) NOT NULL,"
        + " password VARCHAR2(64) NOT NULL, dob DATE NOT NULL, address VARCHAR2(128) NOT NULL,"
        + " city VARCHAR2(64) NOT NULL, state_id INTEGER NOT NULL, zip VARCHAR2(8) NOT NULL,"
        + " country_id INTEGER NOT NULL, PRIMARY KEY (id))");
  }

  @Test
  void theFourQueriesWithCharColumnsCastTheCityToChar64() throws SQLException {
    assertThat(preparedByAnActor("char")).containsExactly(
        "SELECT name FROM BENCH.cb_p_1 WHERE id = ?",
        "SELECT name FROM BENCH.cb_p_1 WHERE country_id = ? AND state_id = ? AND city = CAST(? AS CHAR(64))",
        "SELECT city FROM BENCH.cb_p_1 WHERE country_id = ? AND state_id = ? AND city = CAST(? AS CHAR(64))",
        "SELECT name FROM BENCH.cb_p_1 WHERE country_id = ? AND state_id = ? FETCH FIRST 20 ROWS ONLY");
  }

  @Test
  void theFourQueriesWithVarchar2ColumnsBindTheCityAsIs() throws SQLException {
    assertThat(preparedByAnActor("varchar")).containsExactly(
        "SELECT name FROM BENCH.cb_p_1 WHERE id = ?",
        "SELECT name FROM BENCH.cb_p_1 WHERE country_id = ? AND state_id = ? AND city = ?",
        "SELECT city FROM BENCH.cb_p_1 WHERE country_id = ? AND state_id = ? AND city = ?",
        "SELECT name FROM BENCH.cb_p_1 WHERE country_id = ? AND state_id = ? FETCH FIRST 20 ROWS ONLY");
  }

  private List<String> preparedByAnActor(String strings) throws SQLException {
    BoundWorkload workload = bound(strings, 10, "fresh");
    List<String> prepared = new ArrayList<>();
    workload.newActor(0, tables(workload), dialect).prepare(sql -> {
      prepared.add(sql);
      return null;
    });
    return prepared;
  }

  @Test
  void theLoadSendsJdbcBatchesOfOnePreparedInsertThenBuildsTheSecondaryIndex() throws Exception {
    assertThat(dialect.bulkLoader()).isInstanceOf(BatchInsertLoader.class);
    BoundWorkload workload = bound("char", 2_500, "fresh");
    JdbcStandIn jdbc = new JdbcStandIn(new RecordedRows());

    workload.load(new LoadContext(jdbc.connection(), dialect, tables(workload), jdbc::connection, line -> {}));

    assertThat(jdbc.events()).containsExactly("autocommit false", "prepare " + INSERT, "batch 1000", "batch 1000",
        "batch 500", "commit", "autocommit false", "execute " + INDEX, "commit");
    assertThat(jdbc.firstRow()).hasSize(10).satisfies(row -> {
      assertThat(row.get(0)).isEqualTo(1);
      assertThat(row.get(4)).as("dob, bound for an Oracle DATE").isInstanceOf(java.sql.Date.class);
      assertThat(row.get(6)).asString().matches("City\\d{3}");
    });
    assertThat(workload.summaryFigures(NO_QUERIES).get("load")).asInstanceOf(MAP).containsEntry("rows", 2_500L)
        .containsEntry("method", "batched INSERT").containsEntry("connections", 1);
  }

  @Test
  void dataSizeIsTheTablesAndItsIndexesUserSegmentsBytes() throws Exception {
    BoundWorkload workload = bound("varchar", 10, "fresh");
    RecordedRows rows = new RecordedRows().answer(SEGMENTS, Row.of("BYTES", BigDecimal.valueOf(20_971_520)));

    workload.afterActors(new JdbcStandIn(rows).connection(), dialect, tables(workload));

    assertThat(rows.asked()).containsExactly(SEGMENTS);
    assertThat(workload.summaryFigures(NO_QUERIES).get("dataSize")).isEqualTo(
        Map.of("bytes", 20_971_520L, "megabytes", 20.0, "how", "user_segments bytes"));
    assertThat(workload.reportBlock(NO_QUERIES, List.of(), List.of()))
        .contains("data size: 20.0 MB (user_segments bytes)");
  }

  @Test
  void aReusedTableIsCheckedByItsHighestIdAsOjdbcReturnsIt() throws Exception {
    BoundWorkload workload = bound("char", 100_000, "reuse");
    String maxId = "SELECT MAX(id) FROM " + TABLE;
    RecordedRows full = new RecordedRows().answer(maxId, Row.of("MAX(ID)", BigDecimal.valueOf(100_000)));
    RecordedRows fewer = new RecordedRows().answer(maxId, Row.of("MAX(ID)", BigDecimal.valueOf(99_999)));

    assertThat(workload.checkReused(new JdbcStandIn(full).connection(), tables(workload))).isEmpty();
    assertThat(full.asked()).containsExactly(maxId);
    assertThat(workload.checkReused(new JdbcStandIn(fewer).connection(), tables(workload))).hasValueSatisfying(
        problem -> assertThat(problem).contains("has ids up to 99999, fewer than percona.table.size=100000"));
  }
}
