package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.ScriptCommand.RowTarget;
import io.commitbench.core.workload.script.expr.Value;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;

/**
 * What {@code \gset} and {@code \aset} make of a query's rows, as pgbench 15 does: each column
 * becomes the variable {@code <prefix><column>}; {@code \gset} takes exactly one row, {@code \aset}
 * every row (a later row's value replaces an earlier one's; no row sets nothing). Column names are
 * lower-cased, so a script reads {@code :stock} on a database that folds unquoted names to upper
 * case as on one that folds them to lower case. The column's JDBC type is kept: integers are INT
 * (a NUMERIC without fraction too, as Oracle's NUMBER columns come), floating-point numbers and
 * other NUMERICs DOUBLE, booleans BOOLEAN, SQL NULL NULL, anything else its text. Confined to the
 * actor's thread; one per query.
 */
final class RowValues {

  private final RowTarget target;
  private final ScriptVariables variables;
  private String[] names;
  /** The columns' JDBC types, read once per query. */
  private int[] types;
  private Value[] first;

  RowValues(RowTarget target, ScriptVariables variables) {
    this.target = target;
    this.variables = variables;
  }

  /** One row, positioned on it. */
  void read(ResultSet row) throws SQLException {
    if (names == null) {
      ResultSetMetaData meta = row.getMetaData();
      names = names(meta, target.prefix());
      types = new int[names.length];
      for (int c = 0; c < names.length; c++) {
        types[c] = meta.getColumnType(c + 1);
      }
    }
    if (target.everyRow()) {
      for (int c = 0; c < names.length; c++) {
        variables.set(names[c], value(row, c + 1, types[c]));
      }
    } else if (first == null) {
      first = new Value[names.length];
      for (int c = 0; c < names.length; c++) {
        first[c] = value(row, c + 1, types[c]);
      }
    }
  }

  /** After the query: {@code \gset} sets its row's variables, or refuses a result without exactly one row. */
  void finish(int rows, SourcePosition position) throws ScriptRunException {
    if (target.everyRow()) {
      return;
    }
    if (rows != 1) {
      throw new ScriptRunException(position, "\\gset: expected one row, got " + rows
          + "; allowed: a query that returns exactly one row (\\aset takes any number)");
    }
    for (int c = 0; c < names.length; c++) {
      variables.set(names[c], first[c]);
    }
  }

  private static String[] names(ResultSetMetaData meta, String prefix) throws SQLException {
    String[] names = new String[meta.getColumnCount()];
    for (int c = 0; c < names.length; c++) {
      names[c] = (prefix == null ? "" : prefix) + meta.getColumnLabel(c + 1).toLowerCase(Locale.ROOT);
    }
    return names;
  }

  static Value value(ResultSet row, int column, int type) throws SQLException {
    switch (type) {
      case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> {
        long v = row.getLong(column);
        return row.wasNull() ? Value.nullValue() : Value.ofInt(v);
      }
      case Types.REAL, Types.FLOAT, Types.DOUBLE -> {
        double v = row.getDouble(column);
        return row.wasNull() ? Value.nullValue() : Value.ofDouble(v);
      }
      case Types.NUMERIC, Types.DECIMAL -> {
        BigDecimal v = row.getBigDecimal(column);
        return v == null ? Value.nullValue() : number(v);
      }
      case Types.BOOLEAN, Types.BIT -> {
        boolean v = row.getBoolean(column);
        return row.wasNull() ? Value.nullValue() : Value.ofBoolean(v);
      }
      default -> {
        String v = row.getString(column);
        return v == null ? Value.nullValue() : Value.ofText(v);
      }
    }
  }

  private static Value number(BigDecimal v) {
    if (v.signum() == 0) {
      return Value.ofInt(0);
    }
    BigDecimal whole = v.stripTrailingZeros();
    if (whole.scale() <= 0 && whole.precision() - whole.scale() <= 18) {
      return Value.ofInt(whole.longValueExact());
    }
    return Value.ofDouble(v.doubleValue());
  }
}
