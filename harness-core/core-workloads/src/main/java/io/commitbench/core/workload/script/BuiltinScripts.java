package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.dataset.PgbenchTables;
import java.util.List;
import java.util.Optional;

/**
 * pgbench 15's built-in scripts ({@code builtin_script} in {@code src/bin/pgbench/pgbench.c}, as
 * {@code pgbench --show-script=NAME} prints them), the workload's definition: their text is
 * pgbench's to the character, with only the four tables' names replaced by the run's. Their
 * constants are pgbench's {@code naccounts} (100000), {@code nbranches} (1) and {@code ntellers}
 * (10) rows per unit of scale.
 */
public final class BuiltinScripts {

  /** {@code tpcb-like}: pgbench's default, "TPC-B (sort of)". */
  public static final String TPCB_LIKE = "tpcb-like";
  /** {@code simple-update}: {@code tpcb-like} without the tellers' and branches' updates ({@code -N}). */
  public static final String SIMPLE_UPDATE = "simple-update";
  /** {@code select-only}: one account's balance ({@code -S}). */
  public static final String SELECT_ONLY = "select-only";

  private static final List<String> NAMES = List.of(TPCB_LIKE, SIMPLE_UPDATE, SELECT_ONLY);

  private BuiltinScripts() {}

  /** The built-ins' names, in pgbench's order. */
  public static List<String> names() {
    return NAMES;
  }

  /** The script's text with the run's table names, or empty when {@code name} is no built-in's name. */
  public static Optional<String> text(String name, PgbenchTables tables) {
    String accounts = tables.accounts();
    String draws = "\\set aid random(1, 100000 * :scale)\n"
        + "\\set bid random(1, 1 * :scale)\n"
        + "\\set tid random(1, 10 * :scale)\n"
        + "\\set delta random(-5000, 5000)\n"
        + "BEGIN;\n"
        + "UPDATE " + accounts + " SET abalance = abalance + :delta WHERE aid = :aid;\n"
        + "SELECT abalance FROM " + accounts + " WHERE aid = :aid;\n";
    String history = "INSERT INTO " + tables.history() + " (tid, bid, aid, delta, mtime)"
        + " VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);\n"
        + "END;\n";
    switch (name) {
      case TPCB_LIKE:
        return Optional.of(draws
            + "UPDATE " + tables.tellers() + " SET tbalance = tbalance + :delta WHERE tid = :tid;\n"
            + "UPDATE " + tables.branches() + " SET bbalance = bbalance + :delta WHERE bid = :bid;\n"
            + history);
      case SIMPLE_UPDATE:
        return Optional.of(draws + history);
      case SELECT_ONLY:
        return Optional.of("\\set aid random(1, 100000 * :scale)\n"
            + "SELECT abalance FROM " + accounts + " WHERE aid = :aid;\n");
      default:
        return Optional.empty();
    }
  }
}
