package io.commitbench.core.workload.script.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Checks the evaluator against pgbench 15 itself: every line of
 * {@code script/expr/pgbench-15-expressions.tsv}, recorded by {@link PgbenchExpressionRecorder}
 * from the pgbench the file's header names, gives the same value (type and text), the same
 * evaluation error message, or the same syntax error at the same offset.
 */
class RecordedPgbenchExpressionsTest {
  private static final String RECORD = "/script/expr/pgbench-15-expressions.tsv";
  /**
   * Where the evaluator answers otherwise on purpose, with its answer: pgbench's abs() reads a
   * boolean's storage as a double (undefined behaviour: it printed the smallest denormal), the evaluator
   * refuses the boolean as every other numeric function does.
   */
  private static final Map<String, String> DELIBERATE_DIFFERENCES =
      Map.of("abs(true)", "error\tcannot coerce boolean to double");

  @Test
  void everyRecordedExpressionEvaluatesAsPgbenchDid() throws IOException {
    List<String[]> rows = new ArrayList<>();
    MapContext context = new MapContext();
    try (InputStream in = getClass().getResourceAsStream(RECORD)) {
      assertThat(in).as(RECORD).isNotNull();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        String[] fields = line.split("\t", -1);
        if (fields[0].equals("define")) {
          context.with(fields[1], Value.ofText(fields[2]));
        } else {
          rows.add(fields);
        }
      }
    }
    assertThat(rows).hasSizeGreaterThan(300);
    List<String> mismatches = new ArrayList<>();
    for (String[] row : rows) {
      String expected = DELIBERATE_DIFFERENCES.getOrDefault(row[0],
          String.join("\t", Arrays.copyOfRange(row, 1, row.length)));
      String actual = actual(row[0], context);
      if (!actual.equals(expected)) {
        mismatches.add(row[0] + ": pgbench " + expected + ", evaluator " + actual);
      }
    }
    assertThat(mismatches).isEmpty();
  }

  /** What the evaluator makes of it, in the record's form; a syntax message is cut to pgbench's part. */
  private static String actual(String expression, MapContext context) {
    try {
      Value value = Expression.parse(expression).evaluate(context);
      return "value\t" + Functions.debugText(value);
    } catch (EvaluationException e) {
      return "error\t" + e.getMessage();
    } catch (ExpressionSyntaxException e) {
      String message = e.getMessage();
      int detail = pgbenchPartEnd(message);
      return "syntax\t" + e.offset() + "\t" + message.substring(0, detail);
    }
  }

  /** The evaluator adds what was expected after pgbench's own message: "; ..." or ": ..." or " at ...". */
  private static int pgbenchPartEnd(String message) {
    int end = message.length();
    for (String separator : new String[] {"; ", "): ", " at "}) {
      int at = message.indexOf(separator);
      if (at >= 0) {
        end = Math.min(end, separator.startsWith(")") ? at + 1 : at);
      }
    }
    return end;
  }
}
