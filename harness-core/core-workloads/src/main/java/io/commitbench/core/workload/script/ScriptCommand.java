package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.expr.Expression;
import java.util.List;

/**
 * One command of a parsed script, in the order a transaction of the script runs them; {@code \if}
 * blocks are compiled to jumps so a runner only moves an index.
 */
public sealed interface ScriptCommand {

  SourcePosition position();

  /** What a SQL command does to the transaction, from its first word. */
  enum TransactionMark {
    /** An ordinary statement. */
    NONE,
    /** {@code BEGIN} or {@code START TRANSACTION}: a transaction block starts. */
    BEGIN,
    /** {@code COMMIT} or {@code END}: the block commits. */
    COMMIT,
    /** {@code ROLLBACK}: the block is rolled back. */
    ROLLBACK
  }

  /** Where a query's row goes: {@code \gset [prefix]} (exactly one row) or {@code \aset [prefix]} (every row). */
  record RowTarget(boolean everyRow, String prefix) {}

  /**
   * A SQL command.
   *
   * @param text the command as written (for the report), without its {@code ;}
   * @param jdbcSql the command with every {@code :name} replaced by {@code ?}
   * @param parameters the variables bound to the {@code ?}s, in order
   * @param mark what it does to the transaction; a marked command is not sent as SQL
   * @param rowTarget where its row goes, or null
   */
  record Sql(SourcePosition position, String text, String jdbcSql, List<String> parameters, TransactionMark mark,
      RowTarget rowTarget) implements ScriptCommand {
    public Sql {
      parameters = List.copyOf(parameters);
    }
  }

  /** {@code \set name expression}. */
  record SetVariable(SourcePosition position, String name, Expression expression) implements ScriptCommand {}

  /**
   * {@code \sleep n [us|ms|s]} or {@code \sleep :name [unit]}.
   *
   * @param amount the number, or null when a variable gives it
   * @param variable the variable's name, or null
   * @param unitNanos nanoseconds per unit: 1,000 for us, 1,000,000 for ms, 1,000,000,000 for s (the default)
   */
  record Sleep(SourcePosition position, Long amount, String variable, long unitNanos) implements ScriptCommand {}

  /** {@code \if} or {@code \elif}: when the condition is false, go on at command {@code target}. */
  record JumpUnless(SourcePosition position, Expression condition, int target) implements ScriptCommand {}

  /** The end of an {@code \if} branch that ran ({@code \elif}, {@code \else}): go on at {@code target}. */
  record Jump(SourcePosition position, int target) implements ScriptCommand {}
}
