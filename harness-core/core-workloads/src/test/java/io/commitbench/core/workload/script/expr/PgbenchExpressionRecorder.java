package io.commitbench.core.workload.script.expr;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Records what pgbench itself makes of a few hundred expressions, into
 * {@code src/test/resources/script/expr/pgbench-15-expressions.tsv}, which
 * {@link RecordedPgbenchExpressionsTest} checks the evaluator against without pgbench or a server.
 *
 * <p>Run it from the module directory with pgbench 15 on the path and a PostgreSQL that takes
 * {@code pgbench -h 127.0.0.1 -U postgres test} without a password:
 *
 * <pre>
 *   java src/test/java/io/commitbench/core/workload/script/expr/PgbenchExpressionRecorder.java \
 *       src/test/resources/script/expr/pgbench-15-expressions.tsv
 * </pre>
 *
 * <p>How: every expression goes into one script as {@code \set rN EXPR}; pgbench stops at the first
 * that does not parse, so that one is recorded with pgbench's message and caret (made an offset in
 * the expression) and the script is run again without it, until all parse. Then each goes in as
 * {@code \set rN debug(EXPR)}, one client, one transaction: {@code debug()} prints each value's type
 * and text; an expression that fails aborts the client, so its message is recorded and the run goes on
 * from the next one. The variables below are given with {@code -D}, as text, as a script's are.
 *
 * <p>Output, tab-separated: {@code define NAME VALUE} lines, then {@code EXPR value TYPE-AND-TEXT}
 * (as debug prints it: {@code int 42}, {@code double 1.5}, {@code boolean true}, {@code null}),
 * {@code EXPR error MESSAGE} or {@code EXPR syntax OFFSET MESSAGE}.
 */
public final class PgbenchExpressionRecorder {
  private static final Pattern SYNTAX = Pattern.compile("^pgbench: error: [^:]+:(\\d+): (.*) in command \"set\"$");
  private static final Pattern DEBUG = Pattern.compile("^debug\\(script=0,command=(\\d+)\\): (.*)$");
  private static final Pattern ABORT = Pattern.compile(
      "^pgbench: error: client 0 aborted in command (\\d+) \\(set\\) of script 0; .*$");
  private static final String ERROR_PREFIX = "pgbench: error: ";

  private PgbenchExpressionRecorder() {}

  /** The variables every run defines with {@code -D}: text, as a script's variables are. */
  static Map<String, String> definitions() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("default_seed", "5432");
    d.put("t_int", "42");
    d.put("t_neg", "-7");
    d.put("t_dbl", "2.5");
    d.put("t_exp", "1e3");
    d.put("t_yes", "yes");
    d.put("t_tr", "tr");
    d.put("t_off", "off");
    d.put("t_f", "F");
    d.put("t_null", "null");
    d.put("t_bad", "abc");
    d.put("t_space", " 12");
    d.put("t_trailing", "12 ");
    d.put("t_big", "99999999999999999999");
    d.put("t_hex", "0x1A");
    d.put("t_inf", "inf");
    d.put("t_sign", "-");
    return d;
  }

  static List<String> expressions() {
    List<String> all = new ArrayList<>();
    String[][] pairs = {
      {"7", "3"}, {"-7", "3"}, {"7", "-3"}, {"-7", "-3"}, {"7", "2.0"}, {"1.5", "2"}, {"0", "0"}, {"1", "0"},
      {"1.0", "0"}, {"0.0", "0.0"}, {"9223372036854775807", "1"}, {"-9223372036854775808", "-1"},
      {"true", "1"}, {"NULL", "1"}, {"1", "NULL"}, {"true", "false"}, {"2.5", "1e300"}, {"-2.5", "2.5"},
    };
    String[] operators = {"+", "-", "*", "/", "%", "=", "<>", "!=", "<", "<=", ">", ">=", "&", "|", "#", "<<", ">>",
      "and", "or"};
    for (String operator : operators) {
      for (String[] pair : pairs) {
        all.add(pair[0] + " " + operator + " " + pair[1]);
      }
    }
    String[] unary = {"7", "-7", "2.5", "true", "NULL", "0", "-9223372036854775808"};
    for (String operand : unary) {
      all.add("-" + operand);
      all.add("~" + operand);
      all.add("not " + operand);
      all.add("+" + operand);
      all.add(operand + " isnull");
      all.add(operand + " notnull");
      all.add(operand + " is null");
      all.add(operand + " is not null");
      all.add(operand + " is true");
      all.add(operand + " is not false");
      all.add("abs(" + operand + ")");
      all.add("int(" + operand + ")");
      all.add("double(" + operand + ")");
      all.add("case when " + operand + " then 1 else 2 end");
    }
    String[] cases = {
      // literals and the text of doubles
      "9223372036854775807", "-9223372036854775808", "- 9223372036854775808", "--9223372036854775808",
      "0009", "1.", ".5", "1e3", "1E+3", "1.5e-3", "1e-400", "0.1 + 0.2", "1e15", "1e16", "123456789012345.6",
      "0.0001", "0.00001", "-0.0", "-1.0 * 0.0", "2.0 / 3", "1 / 3.0", "-(0.0)", "1e300 * 1e10", "-1e300 * 1e10",
      "0.0 / 0.0", "1.0 / 0", "123456789", "1e100", "3.0", "100000000000000000000.0", "0.000123456789012345678",
      // precedence and associativity
      "1 + 2 * 3", "(1 + 2) * 3", "~1 + 2", "~1 | 2", "~1 * 2", "-1 + 2", "- 2 * 3", "-2 * -3", "10 - 4 - 3",
      "100 / 10 / 5", "2 * 3 % 4", "1 + 2 << 3", "1 << 2 + 3", "6 & 3 | 8", "1 | 2 # 3 & 4", "not true and false",
      "not (true and false)", "true or false and false", "not 1 = 2", "not 1 < 2 = false", "1 = 1 is true",
      "1 = 2 isnull", "1 isnull isnull", "null is null", "null isnull", "null notnull", "true is not false",
      "1 is not null", "NULL is true", "1 + 1 = 2", "1 < 2 and 2 < 3", "1 < 2 or 1 / 0 = 1", "2 * 3 > 5",
      "(1 < 2) = true", "(1 < 2) = (3 < 4)", "1 isnull = false", "TRUE AND NOT FALSE", "True Or False",
      // lazy evaluation and NULLs
      "false and 1 / 0 = 0", "true or 1 / 0 = 0", "null and true", "true and null", "false and null",
      "null or true", "false or null", "true or null", "null and 1 / 0 = 0", "null + 1", "abs(null)",
      "1 + null * 2", "debug(null) is null", "null = null", "least(1, null)", "greatest(null, 1.5)",
      // CASE
      "case when true then 1 end", "case when false then 1 end", "case when 0 then 1 when 2.5 then 2 else 3 end",
      "case when null then 1 else 2 end", "case when 1 = 2 then 'x' end",
      "case when false then 1 / 0 else 7 end", "case when 1 > 2 then 1 when 2 > 1 then 2 end",
      "case when true then case when false then 1 else 2 end end + 10", "case when 0.0 then 1 else 2.5 end",
      "CASE WHEN 3 THEN 4 END * 2",
      // overflow
      "9223372036854775807 + 1", "-9223372036854775808 - 1", "9223372036854775807 * 2",
      "-9223372036854775808 / -1", "-9223372036854775808 % -1", "-(-9223372036854775808)",
      "4611686018427387904 * 2", "3037000500 * 3037000500", "3037000499 * 3037000499", "-9223372036854775808 * -1",
      "-9223372036854775808 * 1", "9223372036854775807 - -1", "-4611686018427387904 * 2",
      // shifts
      "1 << 63", "1 << 64", "1 << -1", "-8 >> 1", "-1 >> 70", "1 >> 1.6", "5 >> 0",
      // functions
      "abs(-9223372036854775808)", "abs(-2.5)", "abs(-0.0)", "double(3)", "double(true)", "int(2.5)", "int(3.5)",
      "int(-2.5)", "int(1e19)", "int(-9223372036854775808.0)", "int(9223372036854775807.0)", "int(-1e300)",
      "int(0.0 / 0.0)", "int(true)", "exp(0)", "exp(710)", "exp(-1000)", "exp(1)", "exp(-2.5)", "ln(0)", "ln(-1)",
      "ln(1)", "ln(10)", "ln(1e300)", "sqrt(-1)", "sqrt(16)", "sqrt(2)", "sqrt(true)", "pow(2, 0.5)",
      "pow(-8, 1.0 / 3)", "pow(0, -1)", "pow(2, 1024)", "pow(10, -2)", "pow(-2, 3)", "power(3, 4)", "pow(true, 2)",
      "greatest(1, 2.5, 2)", "least(1, 2.5, -3)", "greatest(1)", "least(3, 1, 2)", "greatest(true, 1)",
      "least(1.5, true)", "greatest(0.0 / 0.0, 1)", "greatest(1, 0.0 / 0.0)", "least(-0.0, 0.0)",
      "least(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)",
      "least(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)", "mod(-7, 3)", "mod(7.5, 2)", "mod(1, 0)",
      "7.5 % 2", "7.4 % 2.6", "pi() * 2", "pi()", "PI()", "Abs(-3)", "abs(,-3)", "debug(debug(2))",
      "debug(1 = 1)", "debug(1.25)",
      // hashes, with explicit and default seeds
      "hash(0, 0)", "hash(1, 0)", "hash(-1, 0)", "hash(9223372036854775807, 1)", "hash(-9223372036854775808, -1)",
      "hash(10, 5432)", "hash(10)", "hash(1.6, 2)", "hash(true, 1)", "hash(NULL, 1)", "hash(1, NULL)",
      "hash_murmur2(0, 0)", "hash_murmur2(123456789, 987654321)", "hash_murmur2(-42, 42)", "hash_murmur2(7)",
      "hash_fnv1a(0, 0)", "hash_fnv1a(1, 0)", "hash_fnv1a(-1, 0)", "hash_fnv1a(10, 5432)", "hash_fnv1a(10)",
      "hash_fnv1a(123456789, -987654321)", "hash_fnv1a(9223372036854775807, 9223372036854775807)",
      "hash(hash(1, 2), 3)", "hash_fnv1a(1e10, 0)",
      // permute
      "permute(0, 10, 42)", "permute(1, 10, 42)", "permute(2, 10, 42)", "permute(3, 10, 42)", "permute(4, 10, 42)",
      "permute(5, 10, 42)", "permute(6, 10, 42)", "permute(7, 10, 42)", "permute(8, 10, 42)", "permute(9, 10, 42)",
      "permute(10, 10, 42)", "permute(-1, 10, 42)", "permute(0, 2, 1)", "permute(1, 2, 1)", "permute(0, 3, 7)",
      "permute(1, 3, 7)", "permute(2, 3, 7)", "permute(12345678901, 1000000007, 7)", "permute(5, 1, 3)",
      "permute(3, 0, 1)", "permute(3, -5, 1)", "permute(1, 9223372036854775807, 99)",
      "permute(-9223372036854775808, 9223372036854775807, -1)", "permute(7, 2)", "permute(7, 100)",
      "permute(99, 100)", "permute(1000, 4096, 0)", "permute(1000, 4097, 0)", "permute(2.6, 10, 1)",
      "permute(1, 10.4, 1)", "permute(NULL, 10, 1)", "permute(1, 10, true)",
      // random functions: only results that need no random state, and argument errors
      "random(5, 1)", "random(-9223372036854775808, 9223372036854775807)", "random(0, 9223372036854775807)",
      "random(1, 1)", "random(-3, -3)", "random(NULL, 3)", "random(true, 3)", "random_gaussian(1, 10, 1.5)",
      "random_gaussian(1, 10, 1.9999)", "random_exponential(1, 10, 0)", "random_exponential(1, 10, -1)",
      "random_zipfian(1, 10, 1.0)", "random_zipfian(1, 10, 1001)", "random_zipfian(1, 10, 0.5)",
      "random_zipfian(5, 5, 2.0)", "random_zipfian(10, 1, 2.0)", "random_gaussian(10, 1, 2.0)",
      "random_exponential(1, 10, true)", "random_gaussian(1, 10, NULL)",
      // variables given as text
      ":t_int + 1", ":t_int", ":t_neg * 2", ":t_dbl * 2", ":t_dbl", ":t_exp + 0", ":t_yes and true", ":t_yes",
      ":t_tr", ":t_off or false", ":t_f", ":t_null is null", ":t_null", ":t_bad + 1", ":t_space + 1",
      ":t_trailing + 1", ":t_big + 0", ":t_hex + 0", ":t_inf * 0", ":t_inf", ":t_sign", ":undefined_variable",
      ":default_seed", "case when :t_int > 40 then :t_dbl else :t_neg end", "hash(:t_int, :t_neg)",
      "permute(:t_int, 100, :t_neg)",
      // errors of type
      "true + 1", "1 + true", "1.5 + true", "true < 1.5", "not 1", "-true", "~1.5", "1.5 & 1", "true = true",
      "null < true", "1 and true", "true or 0",
      // syntax errors
      "foo(1)", "abs(1,2)", "abs()", "(1 + 2", "1 + 2)", "1 $ 2", "1 +", "1 < 2 < 3", "1 = 2 <> 3", "least()",
      "hash(1,2,3)", "hash()", "permute(1)", "permute(1,2,3,4)", "pi(1)", "random(1)", "1 2", "abs 1",
      "case when 1 then 2", "case 1 end", "case when 1 then 2 else end", "case end", "1 is 2", "1 is not 3",
      ":", "1 ~ 2", "'x'", "1e", "abs(1,)", "abs(,,1)", "true false", "1.2.3", "9223372036854775808",
      "99999999999999999999", "1e400", "+9223372036854775808", "2 - 9223372036854775808", "!1", "1 ! 2",
      "1 == 2", "1 && 2", "(", ")", "()", "1 +* 2", "nosuchfunction", "abs", "x(", "1 < 2 > 3", "not", "1 isnull 2",
      "a1 + 1", "1 + 2 )",
      "1 + 'abc", "1 + \"ab\" + 2", "1 + `ab` + 2", "1 + @", "case when true then 1 when end", "1 is null null",
    };
    all.addAll(List.of(cases));
    return all;
  }

  public static void main(String[] arguments) throws Exception {
    if (arguments.length != 1) {
      System.err.println("usage: PgbenchExpressionRecorder OUTPUT.tsv");
      System.exit(2);
    }
    List<String> expressions = expressions();
    Map<String, String> results = new LinkedHashMap<>();
    Path directory = Files.createTempDirectory("pgbench-expressions");
    List<String> parsing = new ArrayList<>(expressions);
    recordSyntaxErrors(directory, parsing, results);
    recordValues(directory, parsing, results);
    List<String> lines = new ArrayList<>();
    lines.add("# What pgbench makes of these expressions, recorded by PgbenchExpressionRecorder (see its Javadoc)");
    lines.add("# from " + run(directory, List.of("pgbench", "--version")).strip()
        + ": pgbench -n -t 1 -D... -f script, one client, against a local PostgreSQL.");
    lines.add("# Columns: expression, then value TYPE-AND-TEXT (as debug() prints it) | error MESSAGE"
        + " | syntax OFFSET MESSAGE (offset of pgbench's caret in the expression).");
    definitions().forEach((name, value) -> lines.add("define\t" + name + "\t" + value));
    for (String expression : expressions) {
      lines.add(expression + "\t" + results.get(expression));
    }
    Files.write(Path.of(arguments[0]), lines, StandardCharsets.UTF_8);
    System.out.println("recorded " + expressions.size() + " expressions into " + arguments[0]);
  }

  private static void recordSyntaxErrors(Path directory, List<String> parsing, Map<String, String> results)
      throws IOException, InterruptedException {
    while (true) {
      List<String> script = new ArrayList<>();
      for (int i = 0; i < parsing.size(); i++) {
        script.add(setPrefix(i) + parsing.get(i));
      }
      String output = runScript(directory, script, false);
      String[] lines = output.split("\n");
      boolean found = false;
      for (int i = 0; i < lines.length; i++) {
        Matcher syntax = SYNTAX.matcher(lines[i]);
        if (syntax.matches()) {
          int index = Integer.parseInt(syntax.group(1)) - 1;
          int caret = lines[i + 2].indexOf('^');
          String expression = parsing.remove(index);
          results.put(expression, "syntax\t" + (caret - setPrefix(index).length()) + "\t" + syntax.group(2));
          found = true;
          break;
        }
      }
      if (!found) {
        return;
      }
    }
  }

  private static void recordValues(Path directory, List<String> remaining, Map<String, String> results)
      throws IOException, InterruptedException {
    int start = 0;
    while (start < remaining.size()) {
      List<String> script = new ArrayList<>();
      for (int i = start; i < remaining.size(); i++) {
        script.add(setPrefix(i - start) + "debug(" + remaining.get(i) + ")");
      }
      String[] lines = runScript(directory, script, true).split("\n");
      int next = remaining.size();
      String previous = "";
      for (String line : lines) {
        Matcher debug = DEBUG.matcher(line);
        Matcher abort = ABORT.matcher(line);
        if (debug.matches()) {
          results.put(remaining.get(start + Integer.parseInt(debug.group(1)) - 1), "value\t" + debug.group(2));
        } else if (abort.matches()) {
          int failed = start + Integer.parseInt(abort.group(1));
          String message = previous.startsWith(ERROR_PREFIX) ? previous.substring(ERROR_PREFIX.length()) : "";
          results.put(remaining.get(failed), "error\t" + message);
          next = failed + 1;
          break;
        }
        previous = line;
      }
      start = next;
    }
  }

  private static String setPrefix(int index) {
    return "\\set r" + index + " ";
  }

  private static String runScript(Path directory, List<String> script, boolean connect)
      throws IOException, InterruptedException {
    Path file = directory.resolve("script.sql");
    Files.write(file, script, StandardCharsets.UTF_8);
    List<String> command = new ArrayList<>(List.of("pgbench", "-h", "127.0.0.1", "-U", "postgres", "-n", "-t", "1"));
    definitions().forEach((name, value) -> command.add("-D" + name + "=" + value));
    command.addAll(List.of("-f", file.toString(), "test"));
    return run(directory, command);
  }

  private static String run(Path directory, List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor();
    return output;
  }
}
