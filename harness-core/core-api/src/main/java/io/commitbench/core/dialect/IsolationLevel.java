package io.commitbench.core.dialect;

import java.sql.Connection;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The transaction isolation levels of the SQL standard that the locking probe tries, each set
 * through JDBC ({@link Connection#setTransactionIsolation}); which of them a product has, its
 * dialect says ({@link LockingSupport#isolationLevels}). READ UNCOMMITTED is left out: it changes what a
 * transaction reads, not how two writers of one row meet.
 */
public enum IsolationLevel {
  READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED),
  REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ),
  SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE);

  private final int jdbcLevel;

  IsolationLevel(int jdbcLevel) {
    this.jdbcLevel = jdbcLevel;
  }

  /** The {@code Connection.TRANSACTION_*} constant. */
  public int jdbcLevel() {
    return jdbcLevel;
  }

  /** As the standard spells it: {@code READ COMMITTED}. */
  public String sqlName() {
    return name().replace('_', ' ');
  }

  /** As an option value: {@code read-committed}. */
  public String optionName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The level {@code text} names, in any case, with {@code -}, {@code _} or a space between the
   * words ({@code read-committed}, {@code READ COMMITTED}); empty when it names none.
   */
  public static Optional<IsolationLevel> parse(String text) {
    String normal = text.trim().toUpperCase(Locale.ROOT).replaceAll("[-_ ]+", "_");
    return Arrays.stream(values()).filter(level -> level.name().equals(normal)).findFirst();
  }

  /** Every level's option name, for messages: {@code read-committed, repeatable-read, serializable}. */
  public static String allowed() {
    return Arrays.stream(values()).map(IsolationLevel::optionName).collect(Collectors.joining(", "));
  }
}
