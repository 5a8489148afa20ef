package io.commitbench.core.dialect;

/**
 * What a failed statement means, as the dialect classifies it from SQLState and vendor codes.
 * The report counts errors by class, so a deadlock storm is told apart from a dead server.
 */
public enum ErrorClass {
  /** The server chose this transaction as a deadlock victim (MariaDB 1213, PostgreSQL 40P01, ORA-00060). */
  DEADLOCK,
  /** A serialization failure (PostgreSQL 40001, ORA-08177). */
  SERIALIZATION_FAILURE,
  /** Waiting for a lock timed out (MariaDB 1205, PostgreSQL 55P03, ORA-30006). */
  LOCK_TIMEOUT,
  /** The statement ran longer than {@code statement.timeout} and was cancelled. */
  STATEMENT_TIMEOUT,
  /** The connection broke (killed, network, server restart); the harness reconnects. */
  CONNECTION_LOST,
  /** A constraint rejected the row (duplicate key and the like). */
  CONSTRAINT_VIOLATION,
  /** Anything else. */
  OTHER;

  /**
   * The classes the server raises to resolve a conflict between transactions: a transaction that
   * failed with one of them may succeed when tried again unchanged.
   */
  public static final java.util.Set<ErrorClass> CONFLICTS =
      java.util.Collections.unmodifiableSet(java.util.EnumSet.of(DEADLOCK, SERIALIZATION_FAILURE));

  /** The lower-case label used in reports and JSON: {@code connection_lost}. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
