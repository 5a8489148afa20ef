package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.ScriptCommand.RowTarget;
import io.commitbench.core.workload.script.ScriptCommand.Sql;
import io.commitbench.core.workload.script.ScriptCommand.TransactionMark;
import io.commitbench.core.workload.script.expr.Expression;
import io.commitbench.core.workload.script.expr.ExpressionSyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsed scripts made by hand, one command per line of a file {@code NAME.sql}, as the parser would make them. */
final class Scripts {

  private static final Pattern VARIABLE = Pattern.compile(":([a-zA-Z_][a-zA-Z0-9_]*)");

  private final String name;
  private final List<ScriptCommand> commands = new ArrayList<>();

  private Scripts(String name) {
    this.name = name;
  }

  static Scripts named(String name) {
    return new Scripts(name);
  }

  private SourcePosition next() {
    return new SourcePosition(name + ".sql", commands.size() + 1, 1);
  }

  /** A SQL command; each {@code :name} becomes a parameter. */
  Scripts sql(String text) {
    return add(sqlCommand(text, TransactionMark.NONE, null));
  }

  Scripts gset(String text, String prefix) {
    return add(sqlCommand(text, TransactionMark.NONE, new RowTarget(false, prefix)));
  }

  Scripts aset(String text, String prefix) {
    return add(sqlCommand(text, TransactionMark.NONE, new RowTarget(true, prefix)));
  }

  Scripts begin() {
    return add(sqlCommand("BEGIN", TransactionMark.BEGIN, null));
  }

  Scripts commit() {
    return add(sqlCommand("COMMIT", TransactionMark.COMMIT, null));
  }

  Scripts rollback() {
    return add(sqlCommand("ROLLBACK", TransactionMark.ROLLBACK, null));
  }

  Scripts set(String variable, String expression) {
    return add(new ScriptCommand.SetVariable(next(), variable, parse(expression)));
  }

  Scripts sleep(long amount, long unitNanos) {
    return add(new ScriptCommand.Sleep(next(), amount, null, unitNanos));
  }

  Scripts sleep(String variable, long unitNanos) {
    return add(new ScriptCommand.Sleep(next(), null, variable, unitNanos));
  }

  Scripts jumpUnless(String condition, int target) {
    return add(new ScriptCommand.JumpUnless(next(), parse(condition), target));
  }

  Scripts jump(int target) {
    return add(new ScriptCommand.Jump(next(), target));
  }

  ParsedScript weighted(int weight) {
    return new ParsedScript(name, weight, commands, Set.of());
  }

  ParsedScript build() {
    return weighted(1);
  }

  private Sql sqlCommand(String text, TransactionMark mark, RowTarget target) {
    List<String> parameters = new ArrayList<>();
    Matcher m = VARIABLE.matcher(text);
    StringBuilder jdbc = new StringBuilder();
    while (m.find()) {
      parameters.add(m.group(1));
      m.appendReplacement(jdbc, "?");
    }
    m.appendTail(jdbc);
    return new Sql(next(), text, jdbc.toString(), parameters, mark, target);
  }

  private Scripts add(ScriptCommand command) {
    commands.add(command);
    return this;
  }

  private static Expression parse(String text) {
    try {
      return Expression.parse(text);
    } catch (ExpressionSyntaxException e) {
      throw new IllegalArgumentException(text + ": " + e.getMessage(), e);
    }
  }
}
