package io.commitbench.core.workload.script;

import java.util.List;
import java.util.Set;

/**
 * A script in pgbench's language, parsed and checked: one transaction type of a run.
 *
 * @param name the transaction type's name (the file's name without {@code .sql}, or the built-in's name)
 * @param weight how often it is chosen against the other scripts ({@code @weight}, 1 by default)
 * @param commands the commands in order; a jump's target is an index into this list (or its size: the end)
 * @param assigned the variables its commands set ({@code \set}, {@code \gset} with the columns known only at run time)
 */
public record ParsedScript(String name, int weight, List<ScriptCommand> commands, Set<String> assigned) {

  public ParsedScript {
    commands = List.copyOf(commands);
    assigned = Set.copyOf(assigned);
  }
}
