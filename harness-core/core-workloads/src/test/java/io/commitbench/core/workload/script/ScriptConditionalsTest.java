package io.commitbench.core.workload.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.workload.script.ScriptCommand.Jump;
import io.commitbench.core.workload.script.ScriptCommand.JumpUnless;
import io.commitbench.core.workload.script.ScriptCommand.Sleep;
import io.commitbench.core.workload.script.ScriptCommand.Sql;
import io.commitbench.core.workload.script.ScriptCommand.TransactionMark;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The jumps that {@code \if} blocks compile to, and the transaction-block check over them, on
 * command lists built here (each line of {@link #TEXT} is one command; conditions are left out,
 * the jumps do not read them).
 */
class ScriptConditionalsTest {

  private static final String TEXT = "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n";
  private final ScriptText source = new ScriptText("c.sql", TEXT);
  private final List<ScriptCommand> commands = new ArrayList<>();
  private final Conditionals conditionals = new Conditionals(source, commands);

  private int at(int line) {
    return TEXT.indexOf(line + "\n");
  }

  private SourcePosition position(int line) {
    return new SourcePosition("c.sql", line + 1, 1);
  }

  private Sleep work(int line) {
    Sleep sleep = new Sleep(position(line), 1L, null, 1L);
    commands.add(sleep);
    return sleep;
  }

  private Sql sql(int line, TransactionMark mark) {
    Sql sql = new Sql(position(line), mark.name(), mark.name(), List.of(), mark, null);
    commands.add(sql);
    return sql;
  }

  @Test
  void ifAloneJumpsPastItsBranch() throws ScriptSyntaxException {
    conditionals.openIf(at(0), null);
    Sleep body = work(1);
    conditionals.endIf(at(2));
    Sleep after = work(3);
    conditionals.finish();
    assertThat(commands).containsExactly(new JumpUnless(position(0), null, 2), body, after);
  }

  @Test
  void elifAndElseBranchesJumpToTheEnd() throws ScriptSyntaxException {
    conditionals.openIf(at(0), null);
    Sleep first = work(1);
    conditionals.elif(at(2), null);
    Sleep second = work(3);
    conditionals.orElse(at(4));
    Sleep third = work(5);
    conditionals.endIf(at(6));
    conditionals.finish();
    assertThat(commands).containsExactly(
        new JumpUnless(position(0), null, 3), first, new Jump(position(2), 7), new JumpUnless(position(2), null, 6),
        second, new Jump(position(4), 7), third);
  }

  @Test
  void nestedBlocksAndEmptyBranches() throws ScriptSyntaxException {
    conditionals.openIf(at(0), null);
    conditionals.openIf(at(1), null);
    Sleep inner = work(2);
    conditionals.orElse(at(3));
    conditionals.endIf(at(4));
    conditionals.elif(at(5), null);
    conditionals.endIf(at(6));
    Sleep after = work(7);
    conditionals.finish();
    assertThat(commands).containsExactly(
        new JumpUnless(position(0), null, 5), new JumpUnless(position(1), null, 4), inner, new Jump(position(3), 4),
        new Jump(position(5), 6), new JumpUnless(position(5), null, 6), after);
  }

  @Test
  void refusesWhatDoesNotNestAsPgbenchDoes() throws ScriptSyntaxException {
    String allowed = "; allowed: \\if, then \\elif any number of times, at most one \\else, and \\endif";
    assertThatThrownBy(() -> conditionals.elif(at(0), null)).hasMessage("c.sql:1:1: \\elif without matching \\if"
        + allowed);
    conditionals.openIf(at(1), null);
    conditionals.orElse(at(2));
    assertThatThrownBy(() -> conditionals.elif(at(3), null)).hasMessage("c.sql:4:1: \\elif after \\else" + allowed);
    assertThatThrownBy(() -> conditionals.orElse(at(4))).hasMessage("c.sql:5:1: \\else after \\else" + allowed);
    conditionals.openIf(at(5), null);
    assertThatThrownBy(conditionals::finish).hasMessage("c.sql:6:1: \\if without matching \\endif" + allowed);
  }

  @Test
  void aBlockMayBeginAndEndInEachBranch() throws ScriptSyntaxException {
    conditionals.openIf(at(0), null);
    sql(1, TransactionMark.BEGIN);
    sql(2, TransactionMark.COMMIT);
    conditionals.orElse(at(3));
    sql(4, TransactionMark.BEGIN);
    sql(5, TransactionMark.ROLLBACK);
    conditionals.endIf(at(6));
    TransactionFlow.check(commands);
  }

  @Test
  void aBranchMayEndTheBlockEitherWay() throws ScriptSyntaxException {
    sql(0, TransactionMark.BEGIN);
    conditionals.openIf(at(1), null);
    sql(2, TransactionMark.COMMIT);
    conditionals.orElse(at(3));
    sql(4, TransactionMark.ROLLBACK);
    conditionals.endIf(at(5));
    TransactionFlow.check(commands);
  }

  @Test
  void refusesABranchThatLeavesTheBlockOpen() {
    String allowed = "; allowed: BEGIN (or START TRANSACTION), then COMMIT, END or ROLLBACK, on every path through"
        + " the \\if branches";
    sql(0, TransactionMark.BEGIN);
    conditionals.openIf(at(1), null);
    sql(2, TransactionMark.COMMIT);
    assertThatThrownBy(() -> {
      conditionals.endIf(at(3));
      TransactionFlow.check(commands);
    }).hasMessage("c.sql:1:1: the script can end inside this transaction block" + allowed);
  }

  @Test
  void refusesACommitThatOneBranchCanReachOutsideTheBlock() throws ScriptSyntaxException {
    conditionals.openIf(at(0), null);
    sql(1, TransactionMark.BEGIN);
    conditionals.endIf(at(2));
    sql(3, TransactionMark.COMMIT);
    assertThatThrownBy(() -> TransactionFlow.check(commands)).hasMessage("c.sql:4:1: COMMIT outside a transaction"
        + " block; allowed: BEGIN (or START TRANSACTION), then COMMIT, END or ROLLBACK, on every path through the"
        + " \\if branches");
  }
}
