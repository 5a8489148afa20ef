package io.commitbench.core.workload.script.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.load.LoadStoppedException;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * pgbench's data set on a real embedded H2 database: the tables as pgbench 15's {@code
 * initCreateTables} declares them, the rows of {@code pgbench -i -s 1} with their balances, branch
 * ids, fillers and keys, and the check of a reused data set, which names the table, the figure
 * found, the figure expected and what is allowed.
 */
class PgbenchDataSetTest {

  private static final PgbenchTables NAMES =
      new PgbenchTables("pgb_branches", "pgb_tellers", "pgb_accounts", "pgb_history");

  private String url;
  private Connection admin;
  private Dialect dialect;
  private SchemaNaming naming;

  @BeforeEach
  void openDatabase() throws SQLException {
    url = "jdbc:h2:mem:pgbench_" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
    admin = connect();
    dialect = new AnsiH2Dialect();
    naming = new SchemaNaming(dialect, dialect.centralQualifier(admin), "cb_unused_prefix_");
  }

  @AfterEach
  void closeDatabase() throws SQLException {
    try (Statement statement = admin.createStatement()) {
      statement.execute("SHUTDOWN");
    }
    admin.close();
  }

  @Test
  void theTablesArePgbenchsColumnsNamedByTheirNamesNotByTheRunsPrefix() {
    List<SchemaTable> tables = new PgbenchDataSet(NAMES, 1, 1).tables(naming);

    assertThat(tables).extracting(t -> t.spec().qualifiedName())
        .containsExactly("PUBLIC.pgb_branches", "PUBLIC.pgb_tellers", "PUBLIC.pgb_accounts", "PUBLIC.pgb_history");
    assertThat(tables).extracting(t -> t.spec().textLength()).containsExactly(88, 84, 84, 22);
    assertThat(tables).extracting(SchemaTable::create).containsExactly(
        List.of("CREATE TABLE PUBLIC.pgb_branches (bid INTEGER NOT NULL, bbalance INTEGER, filler CHAR(88))"),
        List.of("CREATE TABLE PUBLIC.pgb_tellers (tid INTEGER NOT NULL, bid INTEGER, tbalance INTEGER,"
            + " filler CHAR(84))"),
        List.of("CREATE TABLE PUBLIC.pgb_accounts (aid INTEGER NOT NULL, bid INTEGER, abalance INTEGER,"
            + " filler CHAR(84))"),
        List.of("CREATE TABLE PUBLIC.pgb_history (tid INTEGER, bid INTEGER, aid INTEGER, delta INTEGER,"
            + " mtime TIMESTAMP, filler CHAR(22))"));
    assertThat(tables.get(0).drop()).isEqualTo(dialect.dropTableStatements(tables.get(0).spec()));
  }

  /** pgbench's SCALE_32BIT_THRESHOLD: the account ids are bigint from scale 20000 on, in accounts and history. */
  @Test
  void theAccountIdsAre64BitFromScale20000On() {
    List<SchemaTable> below = new PgbenchDataSet(NAMES, 19_999, 1).tables(naming);
    List<SchemaTable> at = new PgbenchDataSet(NAMES, 20_000, 1).tables(naming);

    assertThat(below.get(2).create().get(0)).contains("aid INTEGER NOT NULL").doesNotContain("BIGINT");
    assertThat(below.get(3).create().get(0)).contains("aid INTEGER,");
    assertThat(at.get(2).create().get(0)).contains("aid BIGINT NOT NULL, bid INTEGER,");
    assertThat(at.get(3).create().get(0)).contains("tid INTEGER, bid INTEGER, aid BIGINT,");
    assertThat(at.get(0).create()).isEqualTo(below.get(0).create());
  }

  @Test
  void aLoadAtScaleOneHoldsPgbenchsRowsAndKeys() throws Exception {
    PgbenchDataSet dataSet = new PgbenchDataSet(NAMES, 1, 2);
    List<SchemaTable> tables = create(dataSet);
    List<String> progress = Collections.synchronizedList(new ArrayList<>());

    dataSet.load(new LoadContext(admin, dialect, tables, this::connect, progress::add));

    assertThat(query("SELECT COUNT(*), SUM(bbalance), COUNT(filler), MIN(bid), MAX(bid) FROM pgb_branches"))
        .isEqualTo("1|0|0|1|1");
    assertThat(query("SELECT COUNT(*), SUM(tbalance), COUNT(filler), MIN(tid), MAX(tid),"
        + " SUM(CASE WHEN bid = (tid - 1) / 10 + 1 THEN 0 ELSE 1 END) FROM pgb_tellers")).isEqualTo("10|0|0|1|10|0");
    assertThat(query("SELECT COUNT(*), SUM(abalance), COUNT(filler), MIN(aid), MAX(aid),"
        + " SUM(CASE WHEN bid = (aid - 1) / 100000 + 1 THEN 0 ELSE 1 END),"
        + " SUM(CASE WHEN TRIM(filler) = '' THEN 0 ELSE 1 END) FROM pgb_accounts"))
        .as("every account: balance 0, branch 1, a blank filler").isEqualTo("100000|0|100000|1|100000|0|0");
    assertThat(query("SELECT COUNT(*) FROM pgb_history")).isEqualTo("0");
    assertThat(query("SELECT LISTAGG(TABLE_NAME || '.' || CONSTRAINT_NAME, ',') WITHIN GROUP (ORDER BY TABLE_NAME)"
        + " FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS WHERE CONSTRAINT_TYPE = 'PRIMARY KEY'"
        + " AND TABLE_NAME LIKE 'PGB_%'")).isEqualTo(
            "PGB_ACCOUNTS.PGB_ACCOUNTS_PKEY,PGB_BRANCHES.PGB_BRANCHES_PKEY,PGB_TELLERS.PGB_TELLERS_PKEY");
    assertThat(query("SELECT LISTAGG(TABLE_NAME || '.' || COLUMN_NAME, ',') WITHIN GROUP (ORDER BY TABLE_NAME)"
        + " FROM INFORMATION_SCHEMA.KEY_COLUMN_USAGE WHERE CONSTRAINT_NAME LIKE 'PGB_%_PKEY'"))
        .isEqualTo("PGB_ACCOUNTS.AID,PGB_BRANCHES.BID,PGB_TELLERS.TID");
    assertThatThrownBy(() -> execute("INSERT INTO pgb_accounts (aid, bid, abalance) VALUES (7, 1, 0)"))
        .as("the key holds").isInstanceOf(SQLException.class);

    assertThat(dataSet.figures()).hasValueSatisfying(f -> assertThat(f.rows()).isEqualTo(100_011));
    assertThat(dataSet.loadLines()).hasSize(3);
    assertThat(dataSet.loadLines().get(0))
        .isEqualTo("rows: pgb_branches 1, pgb_tellers 10, pgb_accounts 100,000, pgb_history 0 (scale 1)");
    assertThat(dataSet.loadLines().get(1)).contains("100,011 rows in", "rows/s", "then primary keys in");
    assertThat(dataSet.loadLines().get(2)).startsWith("statistics refreshed in");
    assertThat(progress).anySatisfy(line -> assertThat(line).startsWith("load: statistics of 4 tables refreshed"));
    assertThat(dataSet.checkReused(admin, tables)).as("its own load at its scale").isEmpty();
  }

  @Test
  void aLoadAskedToStopEndsWithoutTheKeys() throws Exception {
    PgbenchDataSet dataSet = new PgbenchDataSet(NAMES, 1, 1);
    List<SchemaTable> tables = create(dataSet);

    assertThatThrownBy(() -> dataSet.load(new LoadContext(admin, dialect, tables, this::connect, line -> {}, () -> true)))
        .isInstanceOf(LoadStoppedException.class).hasMessageContaining("load stopped");
    assertThat(query("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS WHERE CONSTRAINT_TYPE = 'PRIMARY KEY'"
        + " AND TABLE_NAME LIKE 'PGB_%'")).isEqualTo("0");
    assertThat(dataSet.loadLines()).isEmpty();
  }

  /** The tellers' and accounts' branch ids over several branches, straight from the rows a load sends. */
  @Test
  void tellersAndAccountsBelongToTheirBranchAsPgbenchNumbersThem() {
    PgbenchLoadPlan plan = new PgbenchLoadPlan(3, 1);
    Object[] row = new Object[4];

    var tellers = plan.rows(PgbenchTable.TELLERS, 9, 21);
    List<String> tellerBranches = new ArrayList<>();
    while (tellers.next(row)) {
      tellerBranches.add(row[0] + ":" + row[1]);
    }
    assertThat(tellerBranches).startsWith("9:1", "10:1", "11:2").contains("20:2").endsWith("21:3");

    var accounts = plan.rows(PgbenchTable.ACCOUNTS, 99_999, 200_001);
    List<String> edges = new ArrayList<>();
    while (accounts.next(row)) {
      int aid = (Integer) row[0];
      if (aid % 100_000 <= 1) {
        edges.add(aid + ":" + row[1] + ":" + row[2] + ":'" + row[3] + "'");
      }
    }
    assertThat(edges).containsExactly("100000:1:0:''", "100001:2:0:''", "200000:2:0:''", "200001:3:0:''");
  }

  @Test
  void anAccountIdBeyondIntegersIsSentAs64Bit() {
    Object[] row = new Object[4];
    new PgbenchLoadPlan(30_000, 1).rows(PgbenchTable.ACCOUNTS, 2_999_999_999L, 3_000_000_000L).next(row);

    assertThat(row[0]).isEqualTo(2_999_999_999L);
    assertThat(row[1]).isEqualTo(30_000);
  }

  @Test
  void aReusedDataSetAtItsScalePasses() throws Exception {
    List<SchemaTable> tables = createAndFill(3, 30, 300_000);

    assertThat(new PgbenchDataSet(NAMES, 3, 1).checkReused(admin, tables)).isEmpty();
    assertThat(query("SELECT COUNT(*) FROM pgb_branches")).as("nothing changed").isEqualTo("3");
  }

  @Test
  void fewerBranchesThanTheScaleNameTheScaleTheTablesHave() throws Exception {
    List<SchemaTable> tables = createAndFill(2, 20, 200_000);

    assertThat(new PgbenchDataSet(NAMES, 5, 1).checkReused(admin, tables)).hasValue("table PUBLIC.pgb_branches"
        + " has 2 rows, but script.scale=5 needs 5 (1 per unit of scale); allowed: script.scale=2, or prepare the data"
        + " set again");
  }

  @Test
  void moreBranchesThanTheScaleNameTheScaleTheTablesHave() throws Exception {
    List<SchemaTable> tables = createAndFill(4, 40, 400_000);

    assertThat(new PgbenchDataSet(NAMES, 1, 1).checkReused(admin, tables)).hasValue("table PUBLIC.pgb_branches"
        + " has 4 rows, but script.scale=1 needs 1 (1 per unit of scale); allowed: script.scale=4, or prepare the data"
        + " set again");
  }

  @Test
  void tellersThatFitNoScaleAskForANewDataSet() throws Exception {
    List<SchemaTable> tables = createAndFill(2, 15, 200_000);

    assertThat(new PgbenchDataSet(NAMES, 2, 1).checkReused(admin, tables)).hasValue("table PUBLIC.pgb_tellers"
        + " has 15 rows, but script.scale=2 needs 20 (10 per unit of scale); allowed: prepare the data set again");
  }

  @Test
  void accountsShortOfTheScaleAreFoundByTheirHighestId() throws Exception {
    List<SchemaTable> tables = createAndFill(2, 20, 100_000);

    assertThat(new PgbenchDataSet(NAMES, 2, 1).checkReused(admin, tables)).hasValue("table PUBLIC.pgb_accounts"
        + " has account ids up to 100,000, but script.scale=2 needs 200,000 (100,000 per unit of scale); allowed:"
        + " script.scale=1, or prepare the data set again");
  }

  @Test
  void aMissingTableIsNamed() throws Exception {
    List<SchemaTable> tables = createAndFill(1, 10, 100_000);
    execute("DROP TABLE pgb_history");

    assertThat(new PgbenchDataSet(NAMES, 1, 1).checkReused(admin, tables)).hasValueSatisfying(problem ->
        assertThat(problem).startsWith("table PUBLIC.pgb_history cannot be read (")
            .endsWith("); the data set needs all four pgbench tables: prepare the data set again"));
  }

  private Connection connect() throws SQLException {
    return DriverManager.getConnection(url, "sa", "");
  }

  private List<SchemaTable> create(PgbenchDataSet dataSet) throws SQLException {
    List<SchemaTable> tables = dataSet.tables(naming);
    for (SchemaTable table : tables) {
      for (String sql : table.create()) {
        execute(sql);
      }
    }
    return tables;
  }

  /** The tables with branches 1..b, tellers 1..t and one account, whose id is the highest the check reads. */
  private List<SchemaTable> createAndFill(int branches, int tellers, long maxAid) throws SQLException {
    List<SchemaTable> tables = create(new PgbenchDataSet(NAMES, 1, 1));
    execute("INSERT INTO pgb_branches (bid, bbalance) SELECT X, 0 FROM SYSTEM_RANGE(1, " + branches + ")");
    execute("INSERT INTO pgb_tellers (tid, bid, tbalance) SELECT X, (X - 1) / 10 + 1, 0 FROM SYSTEM_RANGE(1, "
        + tellers + ")");
    execute("INSERT INTO pgb_accounts (aid, bid, abalance, filler) VALUES (" + maxAid + ", 1, 0, '')");
    return tables;
  }

  private void execute(String sql) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      statement.execute(sql);
    }
  }

  /** The first row's values, joined by {@code |}. */
  private String query(String sql) throws SQLException {
    try (Statement statement = admin.createStatement(); ResultSet rs = statement.executeQuery(sql)) {
      rs.next();
      List<String> values = new ArrayList<>();
      for (int c = 1; c <= rs.getMetaData().getColumnCount(); c++) {
        values.add(rs.getString(c));
      }
      return String.join("|", values);
    }
  }
}
