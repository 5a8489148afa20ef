package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.ScriptCommand.Jump;
import io.commitbench.core.workload.script.ScriptCommand.JumpUnless;
import io.commitbench.core.workload.script.expr.Expression;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Compiles {@code \if}, {@code \elif}, {@code \else} and {@code \endif} into jumps over a script's
 * command list, with pgbench 15's checks of their nesting ({@code CheckConditional}: {@code \elif}
 * or {@code \else} without {@code \if}, after {@code \else}, {@code \endif} without {@code \if},
 * {@code \if} without {@code \endif}). An {@code \if} or {@code \elif} is a {@link JumpUnless} to the
 * next branch; the end of a branch before an {@code \elif} or {@code \else} is a {@link Jump} to the
 * block's end.
 */
final class Conditionals {

  private static final String ALLOWED = "\\if, then \\elif any number of times, at most one \\else, and \\endif";

  /** An open block: where its {@code \if} is, its last condition's jump, its branch ends' jumps. */
  private static final class Block {
    private final int ifOffset;
    private int pendingCondition;
    private final List<Integer> exits = new ArrayList<>();
    private boolean sawElse;

    private Block(int ifOffset, int pendingCondition) {
      this.ifOffset = ifOffset;
      this.pendingCondition = pendingCondition;
    }
  }

  private final ScriptText source;
  private final List<ScriptCommand> commands;
  private final Deque<Block> open = new ArrayDeque<>();

  Conditionals(ScriptText source, List<ScriptCommand> commands) {
    this.source = source;
    this.commands = commands;
  }

  void openIf(int offset, Expression condition) {
    commands.add(new JumpUnless(source.position(offset), condition, -1));
    open.push(new Block(offset, commands.size() - 1));
  }

  void elif(int offset, Expression condition) throws ScriptSyntaxException {
    Block block = current(offset, "\\elif");
    if (block.sawElse) {
      throw source.error(offset, "\\elif after \\else", ALLOWED);
    }
    endBranch(block, offset);
    patchCondition(block.pendingCondition, commands.size());
    commands.add(new JumpUnless(source.position(offset), condition, -1));
    block.pendingCondition = commands.size() - 1;
  }

  void orElse(int offset) throws ScriptSyntaxException {
    Block block = current(offset, "\\else");
    if (block.sawElse) {
      throw source.error(offset, "\\else after \\else", ALLOWED);
    }
    endBranch(block, offset);
    patchCondition(block.pendingCondition, commands.size());
    block.pendingCondition = -1;
    block.sawElse = true;
  }

  void endIf(int offset) throws ScriptSyntaxException {
    Block block = current(offset, "\\endif");
    open.pop();
    int end = commands.size();
    if (block.pendingCondition >= 0) {
      patchCondition(block.pendingCondition, end);
    }
    for (int exit : block.exits) {
      commands.set(exit, new Jump(commands.get(exit).position(), end));
    }
  }

  /** Refuses an {@code \if} still open at the script's end, at the innermost one. */
  void finish() throws ScriptSyntaxException {
    if (!open.isEmpty()) {
      throw source.error(open.peek().ifOffset, "\\if without matching \\endif", ALLOWED);
    }
  }

  private Block current(int offset, String command) throws ScriptSyntaxException {
    if (open.isEmpty()) {
      throw source.error(offset, command + " without matching \\if", ALLOWED);
    }
    return open.peek();
  }

  private void endBranch(Block block, int offset) {
    commands.add(new Jump(source.position(offset), -1));
    block.exits.add(commands.size() - 1);
  }

  private void patchCondition(int index, int target) {
    JumpUnless jump = (JumpUnless) commands.get(index);
    commands.set(index, new JumpUnless(jump.position(), jump.condition(), target));
  }
}
