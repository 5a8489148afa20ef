package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.ScriptCommand.Jump;
import io.commitbench.core.workload.script.ScriptCommand.JumpUnless;
import io.commitbench.core.workload.script.ScriptCommand.Sql;
import io.commitbench.core.workload.script.ScriptCommand.TransactionMark;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Whether a script may run a SQL statement outside a {@code BEGIN} ... {@code COMMIT} block, on
 * any path through its {@code \if} branches: then the run's connections stay in autocommit mode
 * and each block leaves it; when no statement of any script can, they run without autocommit and
 * no block toggles it. Every branch counts as taken (the conditions are not evaluated), so a
 * statement that could run outside a block on some path does.
 */
final class BlockAnalysis {

  private BlockAnalysis() {}

  /** Whether any statement (not BEGIN, COMMIT, END, ROLLBACK) of the script can run outside a block. */
  static boolean statementsOutsideBlocks(ParsedScript script) {
    List<ScriptCommand> commands = script.commands();
    int n = commands.size();
    // seen[at][0]: reached outside a block; seen[at][1]: inside one.
    boolean[][] seen = new boolean[n + 1][2];
    Deque<int[]> work = new ArrayDeque<>();
    work.push(new int[] {0, 0});
    while (!work.isEmpty()) {
      int[] state = work.pop();
      int at = state[0];
      int inside = state[1];
      if (at >= n || seen[at][inside]) {
        continue;
      }
      seen[at][inside] = true;
      ScriptCommand command = commands.get(at);
      if (command instanceof Sql sql) {
        if (sql.mark() == TransactionMark.NONE && inside == 0) {
          return true;
        }
        int after = switch (sql.mark()) {
          case BEGIN -> 1;
          case COMMIT, ROLLBACK -> 0;
          case NONE -> inside;
        };
        work.push(new int[] {at + 1, after});
      } else if (command instanceof JumpUnless jump) {
        work.push(new int[] {at + 1, inside});
        work.push(new int[] {jump.target(), inside});
      } else if (command instanceof Jump jump) {
        work.push(new int[] {jump.target(), inside});
      } else {
        work.push(new int[] {at + 1, inside});
      }
    }
    return false;
  }
}
