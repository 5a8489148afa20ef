package io.commitbench.core.workload;

import io.commitbench.core.dialect.TableSpec;
import java.util.List;

/**
 * A table a workload needs: its name and the dialect's statements that create and drop it.
 *
 * @param spec how the table is named (actors are granted DML on it in db-users mode)
 * @param create the CREATE TABLE and CREATE INDEX statements, in order
 * @param drop statements that drop it and must not fail when it is absent
 */
public record SchemaTable(TableSpec spec, List<String> create, List<String> drop) {

  public SchemaTable {
    create = List.copyOf(create);
    drop = List.copyOf(drop);
  }
}
