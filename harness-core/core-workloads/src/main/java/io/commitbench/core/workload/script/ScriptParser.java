package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.MetaCommandLine.Rest;
import io.commitbench.core.workload.script.MetaCommandLine.Word;
import io.commitbench.core.workload.script.ScriptCommand.RowTarget;
import io.commitbench.core.workload.script.ScriptCommand.SetVariable;
import io.commitbench.core.workload.script.ScriptCommand.Sql;
import io.commitbench.core.workload.script.ScriptCommand.TransactionMark;
import io.commitbench.core.workload.script.expr.Expression;
import io.commitbench.core.workload.script.expr.ExpressionSyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Parses a script in pgbench 15's language (the PostgreSQL 15 documentation of pgbench, "Custom
 * Scripts" and "Meta Commands"; {@code ParseScript} in {@code src/bin/pgbench/pgbench.c}) and checks
 * it before anything runs. SQL commands are split as {@link SqlScanner} says, their {@code :name}
 * variables become JDBC parameters as {@link SqlParameters} says (pgbench's {@code -M prepared}), and
 * their first words give their {@link TransactionMark}. Meta commands start with a backslash outside
 * quotes anywhere on a line (one before them ends the SQL command collected so far, as in pgbench), are
 * named in any case, and run to the end of the line, which a backslash before the newline continues:
 * {@code \set}, {@code \sleep}, {@code \if}, {@code \elif}, {@code \else}, {@code \endif}; {@code \gset}
 * and {@code \aset} send the rows of the SQL command before them (ended by them, or by its {@code ;}
 * earlier) into variables. pgbench's {@code \shell}, {@code \setshell} and pipeline commands are
 * refused.
 *
 * <p>Refused too, each with its line and column: an unknown meta command, a syntax error in an
 * expression, an empty script, {@code \if} blocks that do not nest, transaction blocks that do not
 * ({@link TransactionFlow}), and a variable read that nothing can have set: not predefined, never
 * the name of a {@code \set} anywhere in the script, and with no {@code \gset} or {@code \aset}
 * before the read (their variables' names are known only at run time).
 *
 * <pre>
 * ParsedScript script = ScriptParser.parse("checkout", "checkout.sql", text, 5, Set.of("scale", "client_id"));
 * </pre>
 */
public final class ScriptParser {

  static final String META_COMMANDS = "\\set, \\sleep, \\if, \\elif, \\else, \\endif, \\gset, \\aset";
  private static final Set<String> UNSUPPORTED =
      Set.of("shell", "setshell", "startpipeline", "endpipeline", "syncpipeline");

  /** A read of a variable, and whether a {@code \gset} or {@code \aset} came before it. */
  private record VariableRead(String name, int offset, boolean afterRowTarget) {}

  private final ScriptText source;
  private final Set<String> predefined;
  private final List<ScriptCommand> commands = new ArrayList<>();
  private final Conditionals conditionals;
  private final Set<String> assigned = new HashSet<>();
  private final List<VariableRead> reads = new ArrayList<>();
  /** The index of the SQL command a {@code \gset} would attach to: the last command, if SQL without one. */
  private int openSql = -1;
  private boolean sawRowTarget;

  private ScriptParser(String fileLabel, String text, Set<String> predefined) {
    this.source = new ScriptText(fileLabel, text);
    this.predefined = Set.copyOf(predefined);
    this.conditionals = new Conditionals(source, commands);
  }

  /**
   * Parses and checks one script.
   *
   * @param name the transaction type's name
   * @param fileLabel the file as the user named it, for positions in messages
   * @param weight its {@code @weight}, 0 or more
   * @param predefined the variables set before a script runs (the runner's and {@code script.vars})
   * @throws ScriptSyntaxException for the first problem, at its line and column
   */
  public static ParsedScript parse(String name, String fileLabel, String text, int weight, Set<String> predefined)
      throws ScriptSyntaxException {
    if (weight < 0) {
      throw new IllegalArgumentException("weight " + weight + " of script " + name + " is negative");
    }
    return new ScriptParser(fileLabel, text, predefined).run(name, weight);
  }

  private ParsedScript run(String name, int weight) throws ScriptSyntaxException {
    int offset = 0;
    while (offset < source.length()) {
      SqlChunk chunk = SqlScanner.scan(source, offset);
      if (chunk.hasContent()) {
        addSql(chunk);
      }
      offset = chunk.endedByBackslash() ? metaCommand(chunk.end()) : chunk.end();
    }
    conditionals.finish();
    if (commands.isEmpty()) {
      throw source.error(0, "the script has no command", "at least one SQL command or meta command ("
          + META_COMMANDS + ")");
    }
    checkReads();
    TransactionFlow.check(commands);
    return new ParsedScript(name, weight, commands, assigned);
  }

  private void addSql(SqlChunk chunk) throws ScriptSyntaxException {
    String text = chunk.text();
    int length = text.length();
    while (length > 0 && SqlScanner.isSpace(text.charAt(length - 1))) {
      length--;
    }
    text = text.substring(0, length);
    int start = chunk.sourceOffsets()[0];
    TransactionMark mark = TransactionMarks.of(text, source, start);
    SqlParameters parameters = SqlParameters.of(text, chunk.sourceOffsets());
    for (int i = 0; i < parameters.names().size(); i++) {
      reads.add(new VariableRead(parameters.names().get(i), parameters.offsets().get(i), sawRowTarget));
    }
    commands.add(new Sql(source.position(start), text, parameters.jdbcSql(), parameters.names(), mark, null));
    openSql = commands.size() - 1;
  }

  /** Parses the meta command whose backslash is at {@code backslash}; returns where the script goes on. */
  private int metaCommand(int backslash) throws ScriptSyntaxException {
    MetaCommandLine line = new MetaCommandLine(source, backslash + 1);
    Word word = line.next();
    if (word == null) {
      throw source.error(backslash, "a backslash without a meta command", META_COMMANDS);
    }
    String command = word.text().toLowerCase(Locale.ROOT);
    int attachTo = openSql;
    openSql = -1;
    switch (command) {
      case "set" -> setVariable(backslash, line);
      case "sleep" -> {
        SleepArguments.Parsed sleep = SleepArguments.parse(source, backslash, line);
        if (sleep.sleep().variable() != null) {
          reads.add(new VariableRead(sleep.sleep().variable(), sleep.variableOffset(), sawRowTarget));
        }
        commands.add(sleep.sleep());
      }
      case "if" -> conditionals.openIf(backslash, condition(line, "\\if"));
      case "elif" -> conditionals.elif(backslash, condition(line, "\\elif"));
      case "else" -> {
        noArgument(line, "\\else");
        conditionals.orElse(backslash);
      }
      case "endif" -> {
        noArgument(line, "\\endif");
        conditionals.endIf(backslash);
      }
      case "gset", "aset" -> rowTarget(backslash, line, command.equals("aset"), attachTo);
      default -> {
        if (UNSUPPORTED.contains(command)) {
          throw source.error(backslash, "\\" + word.text() + " is not supported by commitbench", META_COMMANDS);
        }
        throw source.error(backslash, "unknown meta command \\" + word.text(), META_COMMANDS);
      }
    }
    return line.end();
  }

  private void setVariable(int backslash, MetaCommandLine line) throws ScriptSyntaxException {
    Word name = line.next();
    if (name == null) {
      throw source.error(backslash, "\\set needs a variable and an expression", "\\set name expression");
    }
    if (!SqlParameters.isValidName(name.text())) {
      throw source.error(name.offset(), "invalid variable name \"" + name.text() + "\"", "a name of ASCII"
          + " letters, digits and underscores (or non-ASCII letters), not starting with a digit");
    }
    Expression expression = expression(line.rest(), "\\set " + name.text(), backslash);
    assigned.add(name.text());
    commands.add(new SetVariable(source.position(backslash), name.text(), expression));
  }

  private Expression condition(MetaCommandLine line, String command) throws ScriptSyntaxException {
    return expression(line.rest(), command, line.position());
  }

  private Expression expression(Rest rest, String command, int missingAt) throws ScriptSyntaxException {
    if (rest.text().isBlank()) {
      throw source.error(missingAt, command + " needs an expression", command + " expression");
    }
    Expression expression;
    try {
      expression = Expression.parse(rest.text());
    } catch (ExpressionSyntaxException e) {
      int at = rest.offset() + Math.max(0, Math.min(e.offset(), rest.text().length()));
      String message = e.getMessage();
      int allowedAt = message.indexOf("; allowed: ");
      if (allowedAt >= 0) {
        throw source.error(at, message.substring(0, allowedAt) + " in " + command,
            message.substring(allowedAt + "; allowed: ".length()));
      }
      throw source.error(at, message + " in " + command, "an expression of pgbench's \\set syntax");
    }
    for (String name : expression.variables()) {
      reads.add(new VariableRead(name, rest.offset() + variableOffset(rest.text(), name), sawRowTarget));
    }
    return expression;
  }

  /** Where {@code :name} is in an expression's text (0 when the text does not spell it so). */
  private static int variableOffset(String text, String name) {
    String reference = ":" + name;
    for (int at = text.indexOf(reference); at >= 0; at = text.indexOf(reference, at + 1)) {
      int end = at + reference.length();
      if (end == text.length() || !SqlParameters.isNameChar(text.charAt(end))) {
        return at;
      }
    }
    return 0;
  }

  private void noArgument(MetaCommandLine line, String command) throws ScriptSyntaxException {
    Word extra = line.next();
    if (extra != null) {
      throw source.error(extra.offset(), "unexpected argument \"" + extra.text() + "\" to " + command,
          command + " alone");
    }
  }

  private void rowTarget(int backslash, MetaCommandLine line, boolean everyRow, int attachTo)
      throws ScriptSyntaxException {
    String command = everyRow ? "\\aset" : "\\gset";
    String allowed = command + " [prefix] right after a SQL query, in place of its ; or after it";
    Word prefix = line.next();
    Word extra = line.next();
    if (extra != null) {
      throw source.error(extra.offset(), "too many arguments to " + command, allowed);
    }
    if (attachTo < 0) {
      throw source.error(backslash, command + " must follow an SQL command", allowed);
    }
    Sql sql = (Sql) commands.get(attachTo);
    if (sql.mark() != TransactionMark.NONE) {
      throw source.error(backslash, command + " after " + sql.text() + ", which returns no row", allowed);
    }
    String prefixText = prefix == null ? "" : prefix.text();
    if (!prefixText.isEmpty() && !SqlParameters.isValidName(prefixText)) {
      throw source.error(prefix.offset(), "invalid variable prefix \"" + prefixText + "\"", "a prefix of ASCII"
          + " letters, digits and underscores (or non-ASCII letters), not starting with a digit");
    }
    commands.set(attachTo, new Sql(sql.position(), sql.text(), sql.jdbcSql(), sql.parameters(), sql.mark(),
        new RowTarget(everyRow, prefixText)));
    sawRowTarget = true;
  }

  private void checkReads() throws ScriptSyntaxException {
    for (VariableRead read : reads) {
      if (!read.afterRowTarget() && !predefined.contains(read.name()) && !assigned.contains(read.name())) {
        throw source.error(read.offset(), "variable \"" + read.name() + "\" is read but nothing sets it",
            "a variable set by \\set in the script, by \\gset or \\aset before the read, or one set before the"
            + " script runs: " + String.join(", ", new TreeSet<>(predefined))
            + " (pgbench reads :name even inside quotes, as in '12:30')");
      }
    }
  }
}
