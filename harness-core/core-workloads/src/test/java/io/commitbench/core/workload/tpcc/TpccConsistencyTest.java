package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Consistency conditions 1 to 4 on a freshly loaded warehouse in embedded H2: all hold; each
 * fails, named with its warehouse, district and values, after a change that breaks it (put back
 * after); districts without rows fail with "none"; the findings are capped per condition.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpccConsistencyTest {

  private H2TpccDatabase db;

  @BeforeAll
  void load() throws Exception {
    db = H2TpccDatabase.loadedOnce();
  }

  @Test
  void aFreshLoadMeetsAllFourConditions() throws SQLException {
    TpccConsistency.Round round = TpccConsistency.check(db.admin, db.names, 1);

    assertThat(round.passed()).containsExactly(true, true, true, true);
    assertThat(round.findings()).isEmpty();
    assertThat(round.nanos()).isPositive();
  }

  @Test
  void aDistrictsYtdOffItsWarehousesFailsCondition1() throws SQLException {
    db.execute("UPDATE tpcc_district SET d_ytd = d_ytd + 1.50 WHERE d_w_id = 1 AND d_id = 3");
    try {
      TpccConsistency.Round round = TpccConsistency.check(db.admin, db.names, 1);

      assertThat(round.passed()).containsExactly(false, true, true, true);
      assertThat(round.findings()).containsExactly("consistency condition 1 (W_YTD = sum(D_YTD)) fails in warehouse"
          + " 1: W_YTD = 300000.00, sum(D_YTD) = 300001.50");
    } finally {
      db.execute("UPDATE tpcc_district SET d_ytd = d_ytd - 1.50 WHERE d_w_id = 1 AND d_id = 3");
    }
  }

  @Test
  void aNextOrderIdAheadOfTheOrdersFailsCondition2() throws SQLException {
    db.execute("UPDATE tpcc_district SET d_next_o_id = 3012 WHERE d_w_id = 1 AND d_id = 3");
    try {
      TpccConsistency.Round round = TpccConsistency.check(db.admin, db.names, 1);

      assertThat(round.passed()).containsExactly(true, false, true, true);
      assertThat(round.findings()).containsExactly("consistency condition 2 (D_NEXT_O_ID - 1 = max(O_ID) ="
          + " max(NO_O_ID)) fails in warehouse 1, district 3: D_NEXT_O_ID - 1 = 3011, max(O_ID) = 3000,"
          + " max(NO_O_ID) = 3000");
    } finally {
      db.execute("UPDATE tpcc_district SET d_next_o_id = 3001 WHERE d_w_id = 1 AND d_id = 3");
    }
  }

  @Test
  void theLastNewOrderGoneFailsCondition2ButNotCondition3() throws SQLException {
    db.execute("DELETE FROM tpcc_new_order WHERE no_w_id = 1 AND no_d_id = 5 AND no_o_id = 3000");
    try {
      TpccConsistency.Round round = TpccConsistency.check(db.admin, db.names, 1);

      assertThat(round.passed()).containsExactly(true, false, true, true);
      assertThat(round.findings()).containsExactly("consistency condition 2 (D_NEXT_O_ID - 1 = max(O_ID) ="
          + " max(NO_O_ID)) fails in warehouse 1, district 5: D_NEXT_O_ID - 1 = 3000, max(O_ID) = 3000,"
          + " max(NO_O_ID) = 2999");
    } finally {
      db.execute("INSERT INTO tpcc_new_order (no_o_id, no_d_id, no_w_id) VALUES (3000, 5, 1)");
    }
  }

  /** Delivery empties a district's new orders: condition 2 then compares the orders alone. */
  @Test
  void aDistrictWithoutNewOrdersMeetsConditions2And3() throws SQLException {
    db.execute("CREATE TABLE tpcc_new_order_kept AS SELECT * FROM tpcc_new_order WHERE no_w_id = 1 AND no_d_id = 6");
    db.execute("DELETE FROM tpcc_new_order WHERE no_w_id = 1 AND no_d_id = 6");
    try {
      TpccConsistency.Round round = TpccConsistency.check(db.admin, db.names, 1);

      assertThat(round.findings()).isEmpty();
    } finally {
      db.execute("INSERT INTO tpcc_new_order SELECT * FROM tpcc_new_order_kept");
      db.execute("DROP TABLE tpcc_new_order_kept");
    }
  }

  @Test
  void aGapInTheNewOrdersFailsCondition3() throws SQLException {
    db.execute("DELETE FROM tpcc_new_order WHERE no_w_id = 1 AND no_d_id = 7 AND no_o_id = 2500");
    try {
      TpccConsistency.Round round = TpccConsistency.check(db.admin, db.names, 1);

      assertThat(round.passed()).containsExactly(true, true, false, true);
      assertThat(round.findings()).containsExactly("consistency condition 3 (max(NO_O_ID) - min(NO_O_ID) + 1 = rows"
          + " in NEW-ORDER) fails in warehouse 1, district 7: max(NO_O_ID) = 3000, min(NO_O_ID) = 2101,"
          + " max - min + 1 = 900, rows in NEW-ORDER = 899");
    } finally {
      db.execute("INSERT INTO tpcc_new_order (no_o_id, no_d_id, no_w_id) VALUES (2500, 7, 1)");
    }
  }

  @Test
  void aMissingOrderLineFailsCondition4() throws SQLException {
    long lines = Long.parseLong(db.query("SELECT COUNT(*) FROM tpcc_order_line WHERE ol_w_id = 1 AND ol_d_id = 9"));
    db.execute("CREATE TABLE tpcc_order_line_kept AS SELECT * FROM tpcc_order_line WHERE ol_w_id = 1 AND ol_d_id = 9"
        + " AND ol_o_id = 17 AND ol_number = 2");
    db.execute("DELETE FROM tpcc_order_line WHERE ol_w_id = 1 AND ol_d_id = 9 AND ol_o_id = 17 AND ol_number = 2");
    try {
      TpccConsistency.Round round = TpccConsistency.check(db.admin, db.names, 1);

      assertThat(round.passed()).containsExactly(true, true, true, false);
      assertThat(round.findings()).containsExactly("consistency condition 4 (sum(O_OL_CNT) = rows in ORDER-LINE)"
          + " fails in warehouse 1, district 9: sum(O_OL_CNT) = " + lines + ", rows in ORDER-LINE = " + (lines - 1));
    } finally {
      db.execute("INSERT INTO tpcc_order_line SELECT * FROM tpcc_order_line_kept");
      db.execute("DROP TABLE tpcc_order_line_kept");
    }
  }

  /** Warehouses 2 and 3 have no rows: 20 districts fail condition 2, of which 10 are shown. */
  @Test
  void missingWarehousesFailWithNoneAndTheFindingsAreCapped() throws SQLException {
    TpccConsistency.Round round = TpccConsistency.check(db.admin, db.names, 3);

    assertThat(round.passed()).containsExactly(false, false, true, true);
    List<String> findings = round.findings();
    assertThat(findings).hasSize(2 + TpccConsistency.MAX_FINDINGS_PER_CONDITION + 1);
    assertThat(findings.get(0)).isEqualTo("consistency condition 1 (W_YTD = sum(D_YTD)) fails in warehouse 2:"
        + " W_YTD = none, sum(D_YTD) = none");
    assertThat(findings.get(2)).isEqualTo("consistency condition 2 (D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID))"
        + " fails in warehouse 2, district 1: D_NEXT_O_ID - 1 = none, max(O_ID) = none, max(NO_O_ID) = none (no rows"
        + " in NEW-ORDER)");
    assertThat(findings).last().isEqualTo("consistency condition 2 (D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID))"
        + " fails in 10 more districts");
  }

  /** An admin without autocommit is left without an open transaction: the check reads only. */
  @Test
  void theCheckEndsTheTransactionOfAnAdminWithoutAutocommit() throws SQLException {
    try (Connection admin = db.connect()) {
      admin.setAutoCommit(false);
      try (var statement = admin.createStatement()) {
        statement.execute("UPDATE tpcc_district SET d_ytd = 0 WHERE d_w_id = 1 AND d_id = 1");
      }

      assertThat(TpccConsistency.check(admin, db.names, 1).passed()).as("its own change seen").element(0)
          .isEqualTo(false);
      try (var statement = admin.createStatement();
          var rs = statement.executeQuery("SELECT d_ytd FROM tpcc_district WHERE d_w_id = 1 AND d_id = 1")) {
        rs.next();
        assertThat(rs.getString(1)).as("rolled back").isEqualTo("30000.00");
      }
    }
  }
}
