package io.commitbench.core.workload.script;

/**
 * One script of a run: a file or a built-in, with its weight.
 *
 * @param source the file as given, or the built-in's full name
 * @param weight how often it is chosen against the others (pgbench's {@code @weight}), 0 or more
 * @param builtin whether {@code source} names one of {@link BuiltinScripts}
 */
public record ScriptSource(String source, int weight, boolean builtin) {

  /** The transaction type's name: the built-in's name, or the file's name without its directory and {@code .sql}. */
  public String name() {
    if (builtin) {
      return source;
    }
    int slash = Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\'));
    String file = source.substring(slash + 1);
    return file.endsWith(".sql") && file.length() > ".sql".length() ? file.substring(0, file.length() - 4) : file;
  }
}
