package io.commitbench.core.server;

import static io.commitbench.core.server.RecordedRowsConnection.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class FactQueriesTest {

  private static final String SQL = "SELECT current_setting('fsync')";

  @Test
  void theFirstColumnOfTheFirstRow() {
    RecordedRowsConnection db = new RecordedRowsConnection("P", "1").answer(SQL, row("current_setting", "on"), row("x", "off"));
    assertThat(FactQueries.single(db.connection(), "durability", "fsync", SQL)).isEqualTo(Fact.of("durability", "fsync", "on"));
  }

  @Test
  void aRefusedQueryKeepsTheServersFirstLine() {
    RecordedRowsConnection db = new RecordedRowsConnection("P", "1").fail(SQL,
        new SQLException("ERROR: must be superuser or have privileges of pg_read_all_settings to examine \"data_directory\"\n"
            + "  Where: somewhere", "42501"));
    assertThat(FactQueries.single(db.connection(), "server", "data_directory", SQL)).isEqualTo(Fact.unknown("server",
        "data_directory", "ERROR: must be superuser or have privileges of pg_read_all_settings to examine \"data_directory\""));
  }

  @Test
  void noRowAndNullAreUnknown() {
    RecordedRowsConnection db = new RecordedRowsConnection("P", "1").answer(SQL).answer("SELECT NULL", row("n", null));
    assertThat(FactQueries.single(db.connection(), "g", "n", SQL).unknownReason()).isEqualTo("no row from: " + SQL);
    assertThat(FactQueries.single(db.connection(), "g", "n", "SELECT NULL").unknownReason()).isEqualTo("NULL from: SELECT NULL");
  }

  @Test
  void rowsAreKeyedByUpperCaseLabelInColumnOrder() throws SQLException {
    RecordedRowsConnection db = new RecordedRowsConnection("P", "1")
        .answer("SHOW", row("Variable_name", "log_bin", "Value", "OFF"));
    assertThat(FactQueries.rows(db.connection(), "SHOW")).singleElement()
        .satisfies(r -> assertThat(r).containsExactly(java.util.Map.entry("VARIABLE_NAME", "log_bin"), java.util.Map.entry("VALUE", "OFF")));
  }

  @Test
  void inATransactionAFailureRollsBackToASavepointOnly() {
    RecordedRowsConnection db = new RecordedRowsConnection("P", "1").inTransaction()
        .answer("SELECT 1", row("x", "1")).fail(SQL, new SQLException("refused"));
    FactQueries.single(db.connection(), "g", "a", "SELECT 1");
    FactQueries.single(db.connection(), "g", "b", SQL);
    assertThat(db.calls()).containsExactly("setSavepoint", "query: SELECT 1", "releaseSavepoint",
        "setSavepoint", "query: " + SQL, "rollback(savepoint)");
  }

  @Test
  void autoCommitNeedsNoSavepoint() throws SQLException {
    RecordedRowsConnection db = new RecordedRowsConnection("P", "1").fail(SQL, new SQLException("refused"));
    assertThatExceptionOfType(SQLException.class).isThrownBy(() -> FactQueries.rows(db.connection(), SQL));
    assertThat(db.calls()).containsExactly("query: " + SQL);
  }
}
