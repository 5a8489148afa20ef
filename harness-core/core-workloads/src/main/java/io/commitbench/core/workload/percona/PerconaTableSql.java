package io.commitbench.core.workload.percona;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import java.util.List;

/**
 * The slides' user-account table in the dialect's words: {@code id} (primary key), {@code name},
 * {@code email}, {@code password}, {@code dob}, {@code address}, {@code city}, {@code state_id},
 * {@code zip}, {@code country_id}, and a secondary index on (country_id, state_id, city), created
 * after the rows are loaded. The string columns are all char or all varchar ({@link StringType}),
 * with the lengths of the Percona benchmark's table.
 */
final class PerconaTableSql {

  static final String ID = "id";
  /** The columns a load fills, in order. */
  static final List<String> COLUMNS = List.of(ID, "name", "email", "password", "dob", "address", "city",
      "state_id", "zip", "country_id");
  static final int NAME_LENGTH = 64;
  static final int EMAIL_LENGTH = 64;
  static final int PASSWORD_LENGTH = 64;
  static final int ADDRESS_LENGTH = 128;
  static final int CITY_LENGTH = 64;
  static final int ZIP_LENGTH = 8;
  /** The secondary index is named after its first column. */
  static final String INDEX_COLUMN = "country_id";

  private PerconaTableSql() {}

  static String createTable(Dialect dialect, TableSpec table, StringType strings) {
    String options = dialect.tableOptions();
    return "CREATE TABLE " + table.qualifiedName() + " (" + ID + " INTEGER NOT NULL, name "
        + strings.column(dialect, NAME_LENGTH) + " NOT NULL, email " + strings.column(dialect, EMAIL_LENGTH)
        + " NOT NULL, password " + strings.column(dialect, PASSWORD_LENGTH) + " NOT NULL, dob DATE NOT NULL,"
        + " address " + strings.column(dialect, ADDRESS_LENGTH) + " NOT NULL, city "
        + strings.column(dialect, CITY_LENGTH) + " NOT NULL, state_id INTEGER NOT NULL, zip "
        + strings.column(dialect, ZIP_LENGTH) + " NOT NULL, country_id INTEGER NOT NULL, PRIMARY KEY (" + ID + "))"
        + (options.isEmpty() ? "" : " " + options);
  }

  static String createSecondaryIndex(Dialect dialect, TableSpec table) {
    return "CREATE INDEX " + dialect.indexName(table, table.indexName(INDEX_COLUMN)) + " ON " + table.qualifiedName()
        + " (country_id, state_id, city)";
  }

  /** The query of {@code type}; its parameters: the id, or country, state and (but for LIMIT) city. */
  static String query(PerconaQuery type, TableSpec table, StringType strings) {
    String t = table.qualifiedName();
    String byCity = " WHERE country_id = ? AND state_id = ? AND city = " + strings.parameter(CITY_LENGTH);
    return switch (type) {
      case PK -> "SELECT name FROM " + t + " WHERE " + ID + " = ?";
      case SECONDARY -> "SELECT name FROM " + t + byCity;
      case COVERING -> "SELECT city FROM " + t + byCity;
      case LIMIT -> "SELECT name FROM " + t + " WHERE country_id = ? AND state_id = ? FETCH FIRST "
          + PerconaQuery.LIMIT_ROWS + " ROWS ONLY";
    };
  }

  static String maxId(TableSpec table) {
    return "SELECT MAX(" + ID + ") FROM " + table.qualifiedName();
  }
}
