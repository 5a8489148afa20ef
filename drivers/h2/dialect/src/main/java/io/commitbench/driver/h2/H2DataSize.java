package io.commitbench.driver.h2;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** The tables' size as H2 counts it: {@code DISK_SPACE_USED} of each table, its indexes included. */
final class H2DataSize {

  static final String HOW = "H2 DISK_SPACE_USED";
  /** Writes what is in memory to the store, so DISK_SPACE_USED sees the rows just inserted. */
  static final String CHECKPOINT = "CHECKPOINT";

  private H2DataSize() {}

  static String sql(List<TableSpec> tables) {
    return "SELECT " + String.join(" + ", tables.stream().map(t -> "DISK_SPACE_USED('" + t.qualifiedName() + "')")
        .toList()) + " AS bytes";
  }

  static Optional<DataSize> read(RowSource db, List<TableSpec> tables) throws SQLException {
    return DataSize.read(db, sql(tables), HOW);
  }
}
