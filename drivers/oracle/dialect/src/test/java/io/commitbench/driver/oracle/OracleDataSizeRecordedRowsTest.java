package io.commitbench.driver.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The SQL text Oracle's data size is read with and its parsing, against rows in the shape ojdbc
 * returns them (upper-case labels, NUMBER as BigDecimal), and the INSERT ALL of a multi-row
 * insert. No Oracle server runs: the rows were written down from {@code user_segments}'
 * documented columns, not captured from a live instance.
 */
class OracleDataSizeRecordedRowsTest {

  private static final List<TableSpec> TABLES = List.of(new TableSpec("cb_x_1", "BENCH", "BENCH.cb_x_1", 8));
  private static final String SQL = "SELECT NVL(SUM(bytes), 0) AS bytes FROM user_segments WHERE segment_name IN"
      + " ('CB_X_1') OR segment_name IN (SELECT index_name FROM user_indexes WHERE table_name IN ('CB_X_1'))";

  @Test
  void segmentsOfTheTablesAndTheirIndexes() throws Exception {
    assertThat(OracleDataSize.sql(TABLES)).isEqualTo(SQL);
    RecordedRows db = new RecordedRows().answer(SQL, Row.of("BYTES", BigDecimal.valueOf(75_497_472)));

    DataSize size = OracleDataSize.read(db, TABLES).orElseThrow();

    assertThat(db.asked()).containsExactly(SQL);
    assertThat(size.bytes()).isEqualTo(75_497_472);
    assertThat(size.megabytes()).isEqualTo(72.0);
    assertThat(size.how()).isEqualTo("user_segments bytes");
  }

  @Test
  void noSegmentsYetIsZero() throws Exception {
    RecordedRows db = new RecordedRows().answer(SQL, Row.of("BYTES", BigDecimal.ZERO));
    assertThat(OracleDataSize.read(db, TABLES)).get().extracting(DataSize::bytes).isEqualTo(0L);
  }

  @Test
  void multiRowInsertIsAnInsertAll() {
    assertThat(new OracleDialect().multiRowInsert("BENCH.t", List.of("a", "b"), 2)).isEqualTo(
        "INSERT ALL INTO BENCH.t (a, b) VALUES (?, ?) INTO BENCH.t (a, b) VALUES (?, ?) SELECT 1 FROM dual");
  }
}
