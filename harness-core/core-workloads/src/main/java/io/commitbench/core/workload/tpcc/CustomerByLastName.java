package io.commitbench.core.workload.tpcc;

import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A customer found by last name, as Payment and Order-Status find one (clauses 2.5.2.2 and
 * 2.6.2.2): of the district's customers of that name, in the order of their first names, the one
 * at position ceil(n / 2).
 */
final class CustomerByLastName {

  private CustomerByLastName() {}

  /**
   * The id of the middle customer named {@code lastName} in district {@code d} of warehouse
   * {@code w}.
   *
   * @param sql a query of the district's customers of a last name ordered by first name, the id in
   *     its first column, with the warehouse, the district and the name as its parameters
   */
  static int middleId(TpccStatements statements, TpccSql sql, int w, int d, String lastName, TransactionContext tx)
      throws SQLException {
    PreparedStatement s = statements.of(sql);
    s.setInt(1, w);
    s.setInt(2, d);
    s.setString(3, lastName);
    List<Integer> ids = new ArrayList<>();
    tx.query(sql.kind, s, row -> ids.add(row.getInt(1)));
    if (ids.isEmpty()) {
      throw MissingRows.noCustomerNamed(lastName, w, d);
    }
    return ids.get(middle(ids.size()));
  }

  /** The index of the row at position ceil(n / 2) (1-based) of {@code n} rows. */
  static int middle(int n) {
    return (n + 1) / 2 - 1;
  }
}
