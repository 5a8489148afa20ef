package io.commitbench.core.workload.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.commitbench.core.workload.script.ScriptCommand.Jump;
import io.commitbench.core.workload.script.ScriptCommand.JumpUnless;
import io.commitbench.core.workload.script.ScriptCommand.SetVariable;
import io.commitbench.core.workload.script.ScriptCommand.Sql;
import io.commitbench.core.workload.script.ScriptCommand.TransactionMark;
import io.commitbench.core.workload.script.dataset.PgbenchTables;
import io.commitbench.core.workload.script.expr.Expression;
import io.commitbench.core.workload.script.expr.ExpressionSyntaxException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The parser on scripts with expressions ({@code \set}, {@code \if}, {@code \elif}), which {@link
 * Expression} parses: the built-ins' commands, {@code \if} blocks compiled to jumps, expression
 * errors at their line and column, and the variables expressions read.
 */
class ScriptParserExpressionTest {

  private static final Set<String> PREDEFINED = Set.of("scale", "client_id", "random_seed", "default_seed");

  private static ParsedScript parse(String text) throws ScriptSyntaxException {
    return ScriptParser.parse("t", "t.sql", text, 1, PREDEFINED);
  }

  private static SourcePosition at(int line, int column) {
    return new SourcePosition("t.sql", line, column);
  }

  @Test
  void tpcbLikeIsFourSetsAndABlockOfFiveStatements() throws ScriptSyntaxException {
    String text = BuiltinScripts.text("tpcb-like", PgbenchTables.PGBENCH).orElseThrow();
    ParsedScript script = ScriptParser.parse("tpcb-like", "tpcb-like", text, 1, PREDEFINED);
    List<ScriptCommand> commands = script.commands();
    assertThat(commands).hasSize(11);
    assertThat(commands.subList(0, 4)).extracting(c -> ((SetVariable) c).name())
        .containsExactly("aid", "bid", "tid", "delta");
    assertThat(((SetVariable) commands.get(0)).expression().variables()).containsExactly("scale");
    assertThat(((SetVariable) commands.get(3)).expression().variables()).isEmpty();
    List<Sql> sql = commands.subList(4, 11).stream().map(Sql.class::cast).toList();
    assertThat(sql).extracting(Sql::mark).containsExactly(TransactionMark.BEGIN, TransactionMark.NONE,
        TransactionMark.NONE, TransactionMark.NONE, TransactionMark.NONE, TransactionMark.NONE,
        TransactionMark.COMMIT);
    assertThat(sql).extracting(Sql::jdbcSql).containsExactly("BEGIN",
        "UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?",
        "SELECT abalance FROM pgbench_accounts WHERE aid = ?",
        "UPDATE pgbench_tellers SET tbalance = tbalance + ? WHERE tid = ?",
        "UPDATE pgbench_branches SET bbalance = bbalance + ? WHERE bid = ?",
        "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)",
        "END");
    assertThat(sql).extracting(Sql::parameters).containsExactly(List.of(), List.of("delta", "aid"), List.of("aid"),
        List.of("delta", "tid"), List.of("delta", "bid"), List.of("tid", "bid", "aid", "delta"), List.of());
    assertThat(sql).extracting(Sql::position).extracting(SourcePosition::line)
        .containsExactly(5, 6, 7, 8, 9, 10, 11);
    assertThat(script.assigned()).containsExactlyInAnyOrder("aid", "bid", "tid", "delta");
  }

  @Test
  void simpleUpdateAndSelectOnlyWithTheRunsTables() throws ScriptSyntaxException {
    PgbenchTables tables = new PgbenchTables("b_x", "t_x", "a_x", "h_x");
    ParsedScript simple = ScriptParser.parse("simple-update", "simple-update",
        BuiltinScripts.text("simple-update", tables).orElseThrow(), 1, PREDEFINED);
    assertThat(simple.commands()).hasSize(9);
    assertThat(simple.commands().subList(4, 9)).extracting(c -> ((Sql) c).jdbcSql()).containsExactly("BEGIN",
        "UPDATE a_x SET abalance = abalance + ? WHERE aid = ?", "SELECT abalance FROM a_x WHERE aid = ?",
        "INSERT INTO h_x (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)", "END");
    ParsedScript select = ScriptParser.parse("select-only", "select-only",
        BuiltinScripts.text("select-only", tables).orElseThrow(), 1, PREDEFINED);
    assertThat(select.commands()).hasSize(2);
    assertThat(((SetVariable) select.commands().get(0)).name()).isEqualTo("aid");
    assertThat(((Sql) select.commands().get(1)).jdbcSql()).isEqualTo("SELECT abalance FROM a_x WHERE aid = ?");
    assertThat(select.assigned()).containsExactly("aid");
  }

  @Test
  void ifElifElseCompileToJumps() throws ScriptSyntaxException {
    List<ScriptCommand> commands = parse("\\set x random(1, 3)\n"
        + "\\if :x = 1\n"
        + "SELECT 1;\n"
        + "\\elif :x = 2\n"
        + "  \\if :scale > 1\n"
        + "SELECT 2;\n"
        + "  \\endif\n"
        + "\\else\n"
        + "SELECT 3;\n"
        + "\\endif\n"
        + "SELECT 4;\n").commands();
    assertThat(commands).extracting(c -> c.getClass().getSimpleName()).containsExactly("SetVariable", "JumpUnless",
        "Sql", "Jump", "JumpUnless", "JumpUnless", "Sql", "Jump", "Sql", "Sql");
    assertThat(((JumpUnless) commands.get(1)).target()).isEqualTo(4);
    assertThat(((Jump) commands.get(3)).target()).isEqualTo(9);
    assertThat(((JumpUnless) commands.get(4)).target()).isEqualTo(8);
    assertThat(((JumpUnless) commands.get(5)).target()).isEqualTo(7);
    assertThat(((Jump) commands.get(7)).target()).isEqualTo(9);
    assertThat(commands).extracting(ScriptCommand::position).containsExactly(at(1, 1), at(2, 1), at(3, 1), at(4, 1),
        at(4, 1), at(5, 3), at(6, 1), at(8, 1), at(9, 1), at(11, 1));
    assertThat(((JumpUnless) commands.get(5)).condition().variables()).containsExactly("scale");
  }

  @Test
  void aSetContinuesOverABackslashAtTheEndOfItsLine() throws ScriptSyntaxException {
    ParsedScript script = parse("\\set x 1 +\\\n  2\nSELECT :x;");
    assertThat(script.commands()).hasSize(2);
    assertThat(((SetVariable) script.commands().get(0)).name()).isEqualTo("x");
    assertThat(script.commands().get(1).position()).isEqualTo(at(3, 1));
    assertThat(script.assigned()).containsExactly("x");
  }

  @Test
  void anExpressionErrorIsAtItsLineAndColumn() {
    ExpressionSyntaxException expected = catchThrowableOfType(() -> Expression.parse(" 1 + nosuchfunction(2)"),
        ExpressionSyntaxException.class);
    ScriptSyntaxException error = catchThrowableOfType(() -> parse("SELECT 1;\n\\set x 1 + nosuchfunction(2)\n"),
        ScriptSyntaxException.class);
    assertThat(error.position()).isEqualTo(at(2, 7 + expected.offset()));
    assertThat(error.problem()).contains("in \\set x");
    assertThat(error.getMessage()).startsWith(error.position() + ": ").contains("; allowed: ");
  }

  @Test
  void anExpressionErrorOnAContinuedLineIsOnThatLine() {
    String rest = " 1 +   (2";
    ExpressionSyntaxException expected = catchThrowableOfType(() -> Expression.parse(rest),
        ExpressionSyntaxException.class);
    String text = "\\set x 1 +\\\n (2\n";
    ScriptSyntaxException error = catchThrowableOfType(() -> parse(text), ScriptSyntaxException.class);
    assertThat(error.position()).isEqualTo(new ScriptText("t.sql", text).position(6 + expected.offset()));
    assertThat(error.problem()).contains("in \\set x");
  }

  @Test
  void aConditionsErrorNamesItsCommand() {
    ScriptSyntaxException error = catchThrowableOfType(() -> parse("\\if 1 +\n\\endif"), ScriptSyntaxException.class);
    assertThat(error.position().line()).isEqualTo(1);
    assertThat(error.problem()).contains("in \\if");
  }

  @Test
  void refusesAVariableThatAnExpressionReadsAndNothingSets() {
    assertThatThrownBy(() -> parse("\\set x :nope + 1")).isInstanceOf(ScriptSyntaxException.class)
        .hasMessageStartingWith("t.sql:1:8: variable \"nope\" is read but nothing sets it;");
    assertThatThrownBy(() -> parse("SELECT 1;\n\\if :nope\n\\endif")).isInstanceOf(ScriptSyntaxException.class)
        .hasMessageStartingWith("t.sql:2:5: variable \"nope\" is read but nothing sets it;");
  }

  @Test
  void aVariableSetAnywhereInTheScriptMayBeRead() throws ScriptSyntaxException {
    ParsedScript script = parse("SELECT :later;\n\\set later :later + 1\n\\set y :scale");
    assertThat(script.assigned()).containsExactlyInAnyOrder("later", "y");
  }

  @Test
  void refusesElifAfterElseAndAnOpenIf() {
    String allowed = "; allowed: \\if, then \\elif any number of times, at most one \\else, and \\endif";
    assertThatThrownBy(() -> parse("\\if 1\n\\else\n\\elif 2\n\\endif"))
        .hasMessage("t.sql:3:1: \\elif after \\else" + allowed);
    assertThatThrownBy(() -> parse("\\if 1\n\\if 2\n\\endif\nSELECT 1;"))
        .hasMessage("t.sql:1:1: \\if without matching \\endif" + allowed);
    assertThatThrownBy(() -> parse("SELECT 1;\n\\elif 1")).hasMessage("t.sql:2:1: \\elif without matching \\if"
        + allowed);
  }

  @Test
  void transactionBlocksAreCheckedOnEveryBranch() throws ScriptSyntaxException {
    parse("\\if :scale > 1\nBEGIN;\nSELECT 1;\nCOMMIT;\n\\else\nSELECT 2;\n\\endif");
    assertThatThrownBy(() -> parse("BEGIN;\n\\if :scale > 1\nCOMMIT;\n\\endif"))
        .hasMessageStartingWith("t.sql:1:1: the script can end inside this transaction block;");
  }
}
