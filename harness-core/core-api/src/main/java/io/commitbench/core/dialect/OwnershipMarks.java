package io.commitbench.core.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * How a product carries commitbench's ownership mark on the tables (and, where it can, the users)
 * a run creates, and how the marks and the live sessions are read back, so that a later run can
 * say whose an object is and {@code commitbench cleanup} drops only what is a finished run's. A
 * {@link Dialect} hands it out through {@link Dialect#marks()}.
 *
 * <p>Every method has a default, for a product that keeps a table comment through {@code COMMENT
 * ON TABLE} and lists tables through the JDBC metadata; a kind overrides what differs, in its own
 * class beside its dialect. Stateless and thread-safe.
 *
 * <pre>
 * OwnershipMarks marks = dialect.marks();
 * for (String sql : marks.createMarkedTableStatements(create, table, mark)) statement.execute(sql);
 * </pre>
 */
public interface OwnershipMarks {

  /** The defaults alone: table comments, no marks on users, no sessions known. */
  OwnershipMarks TABLE_COMMENTS = new OwnershipMarks() { };

  /**
   * Statements that put commitbench's ownership mark on a table this run created, so that a later
   * run can say whose the table is and {@code commitbench cleanup} can find it. The mark holds
   * letters, digits, spaces and {@code = : . _ -} only, so it needs no escaping. The default: a
   * table comment ({@code COMMENT ON TABLE}).
   */
  default List<String> markTableStatements(TableSpec table, String mark) {
    return List.of("COMMENT ON TABLE " + table.qualifiedName() + " IS '" + mark + "'");
  }

  /**
   * Whether a transaction holds DDL, so that a CREATE and the COMMENT that marks its object commit
   * together or not at all: a run killed at any moment then leaves no object of its own without
   * the mark, which {@code commitbench cleanup} would refuse as someone else's. The default: no,
   * DDL commits by itself.
   */
  default boolean transactionalDdl() {
    return false;
  }

  /**
   * Statements that create a table together with commitbench's mark: {@code create} (its CREATE
   * TABLE, then CREATE INDEX statements) with the mark put on as early as the product allows. The
   * default: {@code create}, then {@link #markTableStatements}, one step where {@link
   * #transactionalDdl} holds them in one transaction, else two.
   */
  default List<String> createMarkedTableStatements(List<String> create, TableSpec table, String mark) {
    List<String> statements = new ArrayList<>(create);
    statements.addAll(markTableStatements(table, mark));
    return statements;
  }

  /**
   * Whether the product keeps a comment on a user, so {@link #markUserStatements} can mark one.
   * Where it does not, a user is tied to its run by the run's {@code user.prefix}, which the mark
   * on the run's tables names. The default: no.
   */
  default boolean marksUsers() {
    return false;
  }

  /** Statements that mark a user this run created (see {@link #marksUsers}); the default: none. */
  default List<String> markUserStatements(DbUser user, String mark) {
    return List.of();
  }

  /**
   * The tables of schema (or database) {@code qualifier} whose names start with {@code prefix}
   * ({@code ""}: all), with their comments. Must not change anything. The default reads JDBC's
   * {@link java.sql.DatabaseMetaData#getTables}, with {@code qualifier} as the schema.
   */
  default List<DbObject> tablesStartingWith(Connection admin, String qualifier, String prefix) throws SQLException {
    return Catalogs.tables(admin, null, qualifier == null || qualifier.isEmpty() ? null : qualifier, prefix);
  }

  /**
   * The sessions open on the server now, with their users, so that {@code commitbench cleanup}
   * leaves alone the objects of a run whose actors are still logged in. The default: none known
   * (the product offers no list to commitbench).
   */
  default List<DbSession> sessions(Connection admin) throws SQLException {
    return List.of();
  }
}
