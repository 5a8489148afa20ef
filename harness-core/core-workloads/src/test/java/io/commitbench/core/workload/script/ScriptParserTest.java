package io.commitbench.core.workload.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.workload.script.ScriptCommand.RowTarget;
import io.commitbench.core.workload.script.ScriptCommand.Sleep;
import io.commitbench.core.workload.script.ScriptCommand.Sql;
import io.commitbench.core.workload.script.ScriptCommand.TransactionMark;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The parser on scripts without expressions ({@code \set}, {@code \if}, {@code \elif}: see {@link
 * ScriptParserExpressionTest}): SQL splitting, parameters, marks, row targets, sleeps, and the
 * refusals with their positions. Where a case says what pgbench 15 does, that was seen by running
 * pgbench 15.20 on the same script with {@code -M prepared}.
 */
class ScriptParserTest {

  private static final Set<String> PREDEFINED = Set.of("scale", "client_id", "random_seed", "default_seed");

  private static ParsedScript parse(String text) throws ScriptSyntaxException {
    return ScriptParser.parse("t", "t.sql", text, 1, PREDEFINED);
  }

  private static List<Sql> sqls(String text) throws ScriptSyntaxException {
    return parse(text).commands().stream().map(Sql.class::cast).toList();
  }

  private static void refused(String text, String message) {
    assertThatThrownBy(() -> parse(text)).isInstanceOf(ScriptSyntaxException.class).hasMessage(message);
  }

  @Test
  void eachSemicolonEndsACommandAndACommandMaySpanLines() throws ScriptSyntaxException {
    List<Sql> sql = sqls("SELECT 1; SELECT\n  2\n  ;\n\nSELECT 3");
    assertThat(sql).extracting(Sql::text).containsExactly("SELECT 1", "SELECT\n  2", "SELECT 3");
    assertThat(sql).extracting(Sql::position).containsExactly(
        new SourcePosition("t.sql", 1, 1), new SourcePosition("t.sql", 1, 11), new SourcePosition("t.sql", 5, 1));
    assertThat(sql).extracting(Sql::mark).containsOnly(TransactionMark.NONE);
  }

  @Test
  void semicolonsAndColonsInQuotesCommentsAndParenthesesDoNotEndTheCommand() throws ScriptSyntaxException {
    String text = "SELECT 'a;b', E'c\\';d', \"e;f\", $q$g;h$q$, $$i;$$ /* j; /* k; */ l; */ FROM (SELECT 1; ) x;\n"
        + "SELECT 2;";
    List<Sql> sql = sqls(text);
    assertThat(sql).hasSize(2);
    assertThat(sql.get(0).text()).isEqualTo(text.substring(0, text.indexOf("x;") + 1));
    assertThat(sql.get(0).parameters()).isEmpty();
    assertThat(sql.get(1).text()).isEqualTo("SELECT 2");
  }

  @Test
  void dashDashCommentsAreDroppedAsPsqlsLexerDrops() throws ScriptSyntaxException {
    List<Sql> sql = sqls("-- head; :nothing\n  SELECT 1 -- tail; :none\n  + 2;");
    assertThat(sql).hasSize(1);
    assertThat(sql.get(0).text()).isEqualTo("SELECT 1 \n  + 2");
    assertThat(sql.get(0).position()).isEqualTo(new SourcePosition("t.sql", 2, 3));
    assertThat(sql.get(0).parameters()).isEmpty();
  }

  @Test
  void aCommentOrSemicolonAloneIsNoCommand() throws ScriptSyntaxException {
    assertThat(sqls(";;\n/* nothing */;\nSELECT 1;")).extracting(Sql::text).containsExactly("SELECT 1");
  }

  @Test
  void aFunctionBodyBeginAtomicKeepsItsSemicolons() throws ScriptSyntaxException {
    String create = "CREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; SELECT 2; END";
    assertThat(sqls(create + ";\nSELECT 3;")).extracting(Sql::text).containsExactly(create, "SELECT 3");
  }

  @Test
  void variablesBecomeParametersInOrderEvenInQuotesButNotCasts() throws ScriptSyntaxException {
    // pgbench 15 -M prepared sent 4 parameters for this command: :34, :scale, ':scale' and /* :scale */.
    Sql sql = (Sql) ScriptParser.parse("t", "t.sql", "SELECT '12:34', :scale::int AS a, ':scale' AS b /* :scale */"
        + " -- :scale\n;", 1, Set.of("scale", "34")).commands().get(0);
    assertThat(sql.parameters()).containsExactly("34", "scale", "scale", "scale");
    assertThat(sql.jdbcSql()).isEqualTo("SELECT '12?', ?::int AS a, '?' AS b /* ? */");
  }

  @Test
  void variableNamesAreLettersDigitsUnderscoresAndNonAscii() throws ScriptSyntaxException {
    Sql sql = (Sql) ScriptParser.parse("t", "t.sql", "SELECT :client_id+:scale2, :scale_é, x:::scale, :=, a::b", 1,
        Set.of("client_id", "scale2", "scale_é")).commands().get(0);
    assertThat(sql.parameters()).containsExactly("client_id", "scale2", "scale_é");
    assertThat(sql.jdbcSql()).isEqualTo("SELECT ?+?, ?, x:::scale, :=, a::b");
  }

  @Test
  void transactionStatementsAreMarkedByTheirFirstWords() throws ScriptSyntaxException {
    List<Sql> sql = sqls("begin;SELECT 1;commit work;START TRANSACTION;END;/* c */ Begin Transaction;ROLLBACK;"
        + "BEGIN WORK;abort;begin;commit and no chain;");
    assertThat(sql).extracting(Sql::mark).containsExactly(TransactionMark.BEGIN, TransactionMark.NONE,
        TransactionMark.COMMIT, TransactionMark.BEGIN, TransactionMark.COMMIT, TransactionMark.BEGIN,
        TransactionMark.ROLLBACK, TransactionMark.BEGIN, TransactionMark.ROLLBACK, TransactionMark.BEGIN,
        TransactionMark.COMMIT);
  }

  @Test
  void savepointsAndPreparedTransactionsAreOrdinaryStatements() throws ScriptSyntaxException {
    List<Sql> sql = sqls("BEGIN; SAVEPOINT s; ROLLBACK TO SAVEPOINT s; COMMIT; COMMIT PREPARED 'x';"
        + " ROLLBACK PREPARED 'y'; ENDING;");
    assertThat(sql).extracting(Sql::mark).containsExactly(TransactionMark.BEGIN, TransactionMark.NONE,
        TransactionMark.NONE, TransactionMark.COMMIT, TransactionMark.NONE, TransactionMark.NONE,
        TransactionMark.NONE);
  }

  @Test
  void gsetAndAsetTakeTheRowsOfTheCommandBeforeThem() throws ScriptSyntaxException {
    // pgbench 15 accepted all three placements: in place of the ;, after it on the next line, after it on the line.
    List<Sql> sql = sqls("SELECT 1 AS a \\gset p_\nSELECT 2 AS b;\n\n\\aset\nSELECT 3 AS c; \\gset\n"
        + "SELECT :p_a, :b, :c;");
    assertThat(sql).extracting(Sql::text).containsExactly("SELECT 1 AS a", "SELECT 2 AS b", "SELECT 3 AS c",
        "SELECT :p_a, :b, :c");
    assertThat(sql).extracting(Sql::rowTarget).containsExactly(new RowTarget(false, "p_"), new RowTarget(true, ""),
        new RowTarget(false, ""), null);
    assertThat(sql.get(3).parameters()).containsExactly("p_a", "b", "c");
  }

  @Test
  void sleepsInEveryUnitAndFromAVariable() throws ScriptSyntaxException {
    List<ScriptCommand> commands = parse("\\sleep 5\n\\sleep 10ms\n\\sleep 7 US\n\\SLEEP +3 s\n\\sleep :scale ms\n"
        + "\\sleep 0\n").commands();
    assertThat(commands).containsExactly(
        new Sleep(new SourcePosition("t.sql", 1, 1), 5L, null, 1_000_000_000L),
        new Sleep(new SourcePosition("t.sql", 2, 1), 10L, null, 1_000_000L),
        new Sleep(new SourcePosition("t.sql", 3, 1), 7L, null, 1_000L),
        new Sleep(new SourcePosition("t.sql", 4, 1), 3L, null, 1_000_000_000L),
        new Sleep(new SourcePosition("t.sql", 5, 1), null, "scale", 1_000_000L),
        new Sleep(new SourcePosition("t.sql", 6, 1), 0L, null, 1_000_000_000L));
  }

  @Test
  void aMetaCommandContinuesOverABackslashAtTheEndOfItsLine() throws ScriptSyntaxException {
    assertThat(parse("\\sleep 1 \\\nms\nSELECT 1;").commands()).containsExactly(
        new Sleep(new SourcePosition("t.sql", 1, 1), 1L, null, 1_000_000L),
        new Sql(new SourcePosition("t.sql", 3, 1), "SELECT 1", "SELECT 1", List.of(), TransactionMark.NONE, null));
  }

  @Test
  void crlfLineEndsAreBlanks() throws ScriptSyntaxException {
    assertThat(parse("SELECT 1;\r\n\\sleep 2 ms\r\nSELECT 3 AS x\r\n\\gset p\r\n").commands()).containsExactly(
        new Sql(new SourcePosition("t.sql", 1, 1), "SELECT 1", "SELECT 1", List.of(), TransactionMark.NONE, null),
        new Sleep(new SourcePosition("t.sql", 2, 1), 2L, null, 1_000_000L),
        new Sql(new SourcePosition("t.sql", 3, 1), "SELECT 3 AS x", "SELECT 3 AS x", List.of(), TransactionMark.NONE,
            new RowTarget(false, "p")));
  }

  @Test
  void aMetaCommandEndsTheSqlBeforeItOnItsLine() throws ScriptSyntaxException {
    List<ScriptCommand> commands = parse("SELECT 1 \\sleep 2 ms\nSELECT 3").commands();
    assertThat(commands).hasSize(3);
    assertThat(((Sql) commands.get(0)).text()).isEqualTo("SELECT 1");
    assertThat(commands.get(1).position()).isEqualTo(new SourcePosition("t.sql", 1, 10));
  }

  @Test
  void theWeightAndAssignedVariablesAreKept() throws ScriptSyntaxException {
    ParsedScript script = ScriptParser.parse("browse", "dir/browse.sql", "SELECT 1", 7, Set.of());
    assertThat(script.name()).isEqualTo("browse");
    assertThat(script.weight()).isEqualTo(7);
    assertThat(script.assigned()).isEmpty();
    assertThat(script.commands().get(0).position().file()).isEqualTo("dir/browse.sql");
  }

  @Test
  void refusesPgbenchsShellAndPipelineCommands() {
    for (String command : List.of("shell echo", "setshell x echo 1", "startpipeline", "endpipeline", "syncpipeline")) {
      String name = command.split(" ")[0];
      refused("SELECT 1;\n  \\" + command + "\n", "t.sql:2:3: \\" + name + " is not supported by commitbench;"
          + " allowed: \\set, \\sleep, \\if, \\elif, \\else, \\endif, \\gset, \\aset");
    }
  }

  @Test
  void refusesAnUnknownMetaCommandAndALoneBackslash() {
    refused("SELECT 1;\n\\foo bar", "t.sql:2:1: unknown meta command \\foo; allowed: \\set, \\sleep, \\if, \\elif,"
        + " \\else, \\endif, \\gset, \\aset");
    refused("SELECT 1 \\\n", "t.sql:1:10: a backslash without a meta command; allowed: \\set, \\sleep, \\if,"
        + " \\elif, \\else, \\endif, \\gset, \\aset");
  }

  @Test
  void refusesAnEmptyScript() {
    String message = "t.sql:1:1: the script has no command; allowed: at least one SQL command or meta command"
        + " (\\set, \\sleep, \\if, \\elif, \\else, \\endif, \\gset, \\aset)";
    refused("", message);
    refused("-- only a comment\n;\n", message);
  }

  @Test
  void refusesUnterminatedQuotesAndComments() {
    refused("SELECT 1;\nSELECT 'abc;", "t.sql:2:8: quoted text starting with ' is never closed; allowed: text"
        + " closed by the same quote ('' for a quote inside it)");
    refused("SELECT \"abc", "t.sql:1:8: quoted text starting with \" is never closed; allowed: text closed by the"
        + " same quote (\"\" for a quote inside it)");
    refused("SELECT $x$abc$y$", "t.sql:1:8: dollar-quoted text opened by $x$ is never closed; allowed: text"
        + " closed by the same $x$");
    refused("SELECT 1 /* a /* b */", "t.sql:1:10: comment /* is never closed; allowed: a comment closed by */");
  }

  @Test
  void refusesCombinedQueries() {
    // pgbench 15 -M prepared: "cannot insert multiple commands into a prepared statement", at run time.
    refused("SELECT 1 \\; SELECT 2;", "t.sql:1:10: combined queries (\\;) are not supported by commitbench;"
        + " allowed: one SQL command ended by ; at a time");
  }

  @Test
  void refusesAVariableThatNothingSets() {
    refused("SELECT 1;\nSELECT :scale, :nope;", "t.sql:2:16: variable \"nope\" is read but nothing sets it;"
        + " allowed: a variable set by \\set in the script, by \\gset or \\aset before the read, or one set"
        + " before the script runs: client_id, default_seed, random_seed, scale (pgbench reads :name even"
        + " inside quotes, as in '12:30')");
    refused("\\sleep  :nope", "t.sql:1:9: variable \"nope\" is read but nothing sets it; allowed: a variable set"
        + " by \\set in the script, by \\gset or \\aset before the read, or one set before the script runs:"
        + " client_id, default_seed, random_seed, scale (pgbench reads :name even inside quotes, as in '12:30')");
  }

  @Test
  void refusesAVariableThatOnlyQuotesSpell() {
    assertThatThrownBy(() -> parse("SELECT 1;\nSELECT '12:30';"))
        .hasMessageStartingWith("t.sql:2:11: variable \"30\" is read but nothing sets it;");
  }

  @Test
  void aVariableMayComeFromAnEarlierGsetButNotFromItsOwn() throws ScriptSyntaxException {
    assertThat(sqls("SELECT 1 AS x \\gset\nSELECT :anything;")).hasSize(2);
    assertThatThrownBy(() -> parse("SELECT :x AS x \\gset\n"))
        .hasMessageStartingWith("t.sql:1:8: variable \"x\" is read but nothing sets it;");
  }

  @Test
  void refusesGsetWhereNoQueryCanFeedIt() {
    String allowed = "; allowed: \\gset [prefix] right after a SQL query, in place of its ; or after it";
    refused("\\gset\n", "t.sql:1:1: \\gset must follow an SQL command" + allowed);
    refused("\\sleep 1\n\\gset", "t.sql:2:1: \\gset must follow an SQL command" + allowed);
    refused("SELECT 1 AS a \\gset\n\\gset", "t.sql:2:1: \\gset must follow an SQL command" + allowed);
    refused("BEGIN \\gset\nCOMMIT;", "t.sql:1:7: \\gset after BEGIN, which returns no row" + allowed);
    refused("SELECT 1 \\gset a b", "t.sql:1:18: too many arguments to \\gset" + allowed);
    refused("SELECT 1 \\aset 1x", "t.sql:1:16: invalid variable prefix \"1x\"; allowed: a prefix of ASCII letters,"
        + " digits and underscores (or non-ASCII letters), not starting with a digit");
  }

  @Test
  void refusesBadSleeps() {
    String allowed = "; allowed: \\sleep n [us | ms | s] or \\sleep :variable [us | ms | s], n an integer from 0";
    refused("\\sleep", "t.sql:1:1: \\sleep needs a duration" + allowed);
    refused("\\sleep 1 ms ms", "t.sql:1:13: too many arguments to \\sleep" + allowed);
    refused("\\sleep 1x", "t.sql:1:9: unrecognized time unit \"x\"; allowed: us, ms or s");
    refused("\\sleep :scale min", "t.sql:1:15: unrecognized time unit \"min\"; allowed: us, ms or s");
    refused("\\sleep 3.5", "t.sql:1:9: unrecognized time unit \".5\"; allowed: us, ms or s");
    refused("\\sleep ten", "t.sql:1:8: invalid sleep time \"ten\", must be an integer" + allowed);
    refused("\\sleep 10ms s", "t.sql:1:8: invalid sleep time \"10ms\", must be an integer" + allowed);
    refused("\\sleep -1", "t.sql:1:8: sleep time -1 is negative" + allowed);
    refused("\\sleep 99999999999999999999", "t.sql:1:8: sleep time 99999999999999999999 is too large" + allowed);
    refused("\\sleep 9223372036854775807 ms", "t.sql:1:8: sleep time 9223372036854775807 is too large" + allowed);
    refused("\\sleep :1x", "t.sql:1:8: invalid variable name \"1x\" in \\sleep" + allowed);
  }

  @Test
  void refusesMetaCommandsThatNeedWhatIsMissing() {
    refused("\\set", "t.sql:1:1: \\set needs a variable and an expression; allowed: \\set name expression");
    refused("\\set 1x 2", "t.sql:1:6: invalid variable name \"1x\"; allowed: a name of ASCII letters, digits and"
        + " underscores (or non-ASCII letters), not starting with a digit");
    refused("\\set x  ", "t.sql:1:1: \\set x needs an expression; allowed: \\set x expression");
    refused("\\if", "t.sql:1:4: \\if needs an expression; allowed: \\if expression");
  }

  @Test
  void refusesElseAndEndifOutOfPlace() {
    String allowed = "; allowed: \\if, then \\elif any number of times, at most one \\else, and \\endif";
    refused("SELECT 1;\n\\else", "t.sql:2:1: \\else without matching \\if" + allowed);
    refused("SELECT 1;\n\\endif", "t.sql:2:1: \\endif without matching \\if" + allowed);
    refused("SELECT 1;\n\\else x", "t.sql:2:7: unexpected argument \"x\" to \\else; allowed: \\else alone");
  }

  @Test
  void refusesTransactionBlocksThatDoNotNest() {
    // pgbench 15 leaves the first two to the server's warnings and aborts the client on the third.
    String allowed = "; allowed: BEGIN (or START TRANSACTION), then COMMIT, END or ROLLBACK, on every path through"
        + " the \\if branches";
    refused("BEGIN;\nSELECT 1;\n  BEGIN;\nCOMMIT;", "t.sql:3:3: BEGIN inside the transaction block begun at"
        + " t.sql:1:1" + allowed);
    refused("SELECT 1;\nCOMMIT;", "t.sql:2:1: COMMIT outside a transaction block" + allowed);
    refused("BEGIN;COMMIT;ROLLBACK;", "t.sql:1:14: ROLLBACK outside a transaction block" + allowed);
    refused("SELECT 1;\nBEGIN;\nSELECT 1;", "t.sql:2:1: the script can end inside this transaction block"
        + allowed);
  }

  @Test
  void refusesWhatAMarkedCommandWouldLose() {
    refused("BEGIN ISOLATION LEVEL SERIALIZABLE;\nCOMMIT;", "t.sql:1:1: BEGIN followed by ISOLATION LEVEL"
        + " SERIALIZABLE is not supported by commitbench, which runs the transaction block itself; allowed:"
        + " BEGIN [WORK | TRANSACTION] or START TRANSACTION, without transaction modes");
    refused("BEGIN;\nCOMMIT AND CHAIN;", "t.sql:2:1: COMMIT followed by AND CHAIN is not supported by"
        + " commitbench, which runs the transaction block itself; allowed: COMMIT [WORK | TRANSACTION]"
        + " [AND NO CHAIN]");
    refused("BEGIN;\nPREPARE TRANSACTION 'x';", "t.sql:2:1: PREPARE TRANSACTION is not supported by commitbench;"
        + " allowed: COMMIT, END or ROLLBACK to end a transaction block");
  }
}
