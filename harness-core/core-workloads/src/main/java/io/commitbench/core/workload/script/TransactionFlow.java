package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.ScriptCommand.Jump;
import io.commitbench.core.workload.script.ScriptCommand.JumpUnless;
import io.commitbench.core.workload.script.ScriptCommand.Sql;
import io.commitbench.core.workload.script.ScriptCommand.TransactionMark;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * Checks the transaction blocks on every path through a compiled script (each condition may go
 * either way, so a path that no run takes can still be refused): no {@code BEGIN} inside a block,
 * no {@code COMMIT}/{@code ROLLBACK} outside one, and no path that reaches the script's end inside
 * one. pgbench 15 lets the server warn of the first two ("there is already a transaction in
 * progress", "there is no transaction in progress") and aborts the client on the third ("end of
 * script reached without completing the last transaction"); commitbench runs each block itself, so
 * it refuses all three before the run.
 */
final class TransactionFlow {

  private static final String ALLOWED = "BEGIN (or START TRANSACTION), then COMMIT, END or ROLLBACK, on every"
      + " path through the \\if branches";

  private TransactionFlow() {}

  static void check(List<ScriptCommand> commands) throws ScriptSyntaxException {
    int size = commands.size();
    // For each command, whether it can be reached outside a block, and the BEGIN (index) of a block it can be
    // reached inside (-1: none).
    boolean[] reachedOutside = new boolean[size + 1];
    int[] reachedInside = new int[size + 1];
    Arrays.fill(reachedInside, -1);
    Deque<int[]> work = new ArrayDeque<>();
    reachedOutside[0] = true;
    work.add(new int[] {0, -1});
    ScriptSyntaxException first = null;
    int firstAt = Integer.MAX_VALUE;
    while (!work.isEmpty()) {
      int[] state = work.poll();
      int index = state[0];
      int begin = state[1];
      if (index == size) {
        if (begin >= 0 && begin < firstAt) {
          firstAt = begin;
          first = error(commands, begin, "the script can end inside this transaction block");
        }
        continue;
      }
      ScriptCommand command = commands.get(index);
      int after = begin;
      if (command instanceof Sql sql) {
        if (sql.mark() == TransactionMark.BEGIN) {
          if (begin >= 0 && index < firstAt) {
            firstAt = index;
            first = error(commands, index, "BEGIN inside the transaction block begun at "
                + commands.get(begin).position());
          }
          after = index;
        } else if (sql.mark() != TransactionMark.NONE) {
          if (begin < 0 && index < firstAt) {
            firstAt = index;
            first = error(commands, index, sql.mark() + " outside a transaction block");
          }
          after = -1;
        }
      }
      for (int next : successors(command, index)) {
        if (after < 0 ? !reachedOutside[next] : reachedInside[next] < 0) {
          if (after < 0) {
            reachedOutside[next] = true;
          } else {
            reachedInside[next] = after;
          }
          work.add(new int[] {next, after});
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private static int[] successors(ScriptCommand command, int index) {
    if (command instanceof Jump jump) {
      return new int[] {jump.target()};
    }
    if (command instanceof JumpUnless jump) {
      return new int[] {index + 1, jump.target()};
    }
    return new int[] {index + 1};
  }

  private static ScriptSyntaxException error(List<ScriptCommand> commands, int index, String problem) {
    return new ScriptSyntaxException(commands.get(index).position(), problem, ALLOWED);
  }
}
