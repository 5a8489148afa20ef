package io.commitbench.driver.postgresql;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** The tables' size as {@code pg_total_relation_size} counts it: heap, indexes, TOAST and their maps. */
final class PostgresqlDataSize {

  static final String HOW = "pg_total_relation_size";

  private PostgresqlDataSize() {}

  static String sql(List<TableSpec> tables) {
    return "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c JOIN pg_namespace n"
        + " ON n.oid = c.relnamespace WHERE n.nspname = '" + tables.get(0).qualifier() + "' AND c.relname IN ("
        + DataSize.literals(tables.stream().map(TableSpec::name).toList()) + ")";
  }

  static Optional<DataSize> read(RowSource db, List<TableSpec> tables) throws SQLException {
    return DataSize.read(db, sql(tables), HOW);
  }
}
