package io.commitbench.core.workload;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;

/**
 * How a run names its tables: the configured prefix, in the admin's schema, as the dialect
 * qualifies names.
 *
 * @param dialect the database's dialect (for names, types and DDL)
 * @param qualifier the schema (or database) the tables go into
 * @param prefix {@code table.prefix}
 */
public record SchemaNaming(Dialect dialect, String qualifier, String prefix) {

  /** The table {@code <prefix><suffix>} with varchar columns of {@code textLength}. */
  public TableSpec table(String suffix, int textLength) {
    String name = prefix + suffix;
    return new TableSpec(name, qualifier, dialect.qualifiedName(qualifier, name), textLength);
  }
}
