package io.commitbench.driver.oracle;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The tables' size from the central user's segments ({@code user_segments}): the tables' own and
 * their indexes'. Unquoted names are stored in upper case.
 */
final class OracleDataSize {

  static final String HOW = "user_segments bytes";

  private OracleDataSize() {}

  static String sql(List<TableSpec> tables) {
    String names = DataSize.literals(tables.stream().map(t -> t.name().toUpperCase(Locale.ROOT)).toList());
    return "SELECT NVL(SUM(bytes), 0) AS bytes FROM user_segments WHERE segment_name IN (" + names + ")"
        + " OR segment_name IN (SELECT index_name FROM user_indexes WHERE table_name IN (" + names + "))";
  }

  static Optional<DataSize> read(RowSource db, List<TableSpec> tables) throws SQLException {
    return DataSize.read(db, sql(tables), HOW);
  }
}
