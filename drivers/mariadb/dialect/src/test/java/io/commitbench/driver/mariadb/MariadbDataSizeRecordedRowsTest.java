package io.commitbench.driver.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MariaDB's data size: ANALYZE TABLE first, then information_schema's data and index length (a DECIMAL sum). */
class MariadbDataSizeRecordedRowsTest {

  private static final List<TableSpec> TABLES = List.of(new TableSpec("cb_x_1", "test", "test.cb_x_1", 8));

  @Test
  void analyzedThenSummed() throws Exception {
    String sql = "SELECT COALESCE(SUM(data_length + index_length), 0) AS bytes FROM information_schema.tables"
        + " WHERE table_schema = 'test' AND table_name IN ('cb_x_1')";
    assertThat(MariadbDataSize.sql(TABLES)).isEqualTo(sql);
    RecordedRows db = new RecordedRows()
        .answer("ANALYZE TABLE test.cb_x_1", Row.of("Table", "test.cb_x_1", "Op", "analyze", "Msg_type", "status",
            "Msg_text", "OK"))
        .answer(sql, Row.of("bytes", new BigDecimal("6832128")));

    assertThat(MariadbDataSize.read(db, TABLES)).get().extracting(DataSize::bytes).isEqualTo(6_832_128L);
    assertThat(db.asked()).containsExactly("ANALYZE TABLE test.cb_x_1", sql);
  }
}
