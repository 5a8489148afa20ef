package io.commitbench.driver.mariadb;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The tables' size from {@code information_schema.tables}: {@code data_length + index_length}.
 * InnoDB keeps those figures in its persistent statistics, which lag behind a fresh load, so an
 * {@code ANALYZE TABLE} (which answers with rows) refreshes them first.
 */
final class MariadbDataSize {

  static final String HOW = "information_schema data_length + index_length";

  private MariadbDataSize() {}

  static String analyze(List<TableSpec> tables) {
    return "ANALYZE TABLE " + String.join(", ", tables.stream().map(TableSpec::qualifiedName).toList());
  }

  static String sql(List<TableSpec> tables) {
    return "SELECT COALESCE(SUM(data_length + index_length), 0) AS bytes FROM information_schema.tables"
        + " WHERE table_schema = '" + tables.get(0).qualifier() + "' AND table_name IN ("
        + DataSize.literals(tables.stream().map(TableSpec::name).toList()) + ")";
  }

  static Optional<DataSize> read(RowSource db, List<TableSpec> tables) throws SQLException {
    db.query(analyze(tables));
    return DataSize.read(db, sql(tables), HOW);
  }
}
