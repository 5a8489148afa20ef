package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.MetaCommandLine.Word;
import io.commitbench.core.workload.script.ScriptCommand.Sleep;
import java.util.Locale;

/**
 * {@code \sleep}'s arguments as pgbench 15's {@code process_backslash_command} reads them: a number
 * with an optional sign and its unit either attached ({@code 10ms}) or as the next word, or {@code
 * :variable} and an optional unit word; units {@code us}, {@code ms}, {@code s} in any case,
 * seconds by default. Stricter than pgbench, which sleeps for no time on a negative number and
 * overflows on a huge one, it refuses both.
 */
final class SleepArguments {

  private static final String ALLOWED = "\\sleep n [us | ms | s] or \\sleep :variable [us | ms | s],"
      + " n an integer from 0";

  /** The sleep, and the offset of its {@code :variable} (-1 without one). */
  record Parsed(Sleep sleep, int variableOffset) {}

  private SleepArguments() {}

  /** The sleep, from the words that follow {@code \sleep} (whose backslash is at {@code offset}). */
  static Parsed parse(ScriptText source, int offset, MetaCommandLine line) throws ScriptSyntaxException {
    Word amount = line.next();
    if (amount == null) {
      throw source.error(offset, "\\sleep needs a duration", ALLOWED);
    }
    Word unit = line.next();
    Word extra = line.next();
    if (extra != null) {
      throw source.error(extra.offset(), "too many arguments to \\sleep", ALLOWED);
    }
    if (amount.text().startsWith(":")) {
      String name = amount.text().substring(1);
      if (!SqlParameters.isValidName(name)) {
        throw source.error(amount.offset(), "invalid variable name \"" + name + "\" in \\sleep", ALLOWED);
      }
      return new Parsed(new Sleep(source.position(offset), null, name, unitNanos(source, unit)), amount.offset());
    }
    String text = amount.text();
    int sign = text.startsWith("+") || text.startsWith("-") ? 1 : 0;
    int numberEnd = sign;
    while (numberEnd < text.length() && Character.isDigit(text.charAt(numberEnd)) && text.charAt(numberEnd) < 0x80) {
      numberEnd++;
    }
    if (numberEnd == sign || (numberEnd < text.length() && unit != null)) {
      throw source.error(amount.offset(), "invalid sleep time \"" + text + "\", must be an integer", ALLOWED);
    }
    if (numberEnd < text.length()) {
      unit = new Word(text.substring(numberEnd), amount.offset() + numberEnd);
    }
    long nanosPerUnit = unitNanos(source, unit);
    long value;
    try {
      value = Long.parseLong(text.substring(0, numberEnd));
    } catch (NumberFormatException e) {
      throw source.error(amount.offset(), "sleep time " + text.substring(0, numberEnd) + " is too large", ALLOWED);
    }
    if (value < 0) {
      throw source.error(amount.offset(), "sleep time " + value + " is negative", ALLOWED);
    }
    if (value > Long.MAX_VALUE / nanosPerUnit) {
      throw source.error(amount.offset(), "sleep time " + value + " is too large", ALLOWED);
    }
    return new Parsed(new Sleep(source.position(offset), value, null, nanosPerUnit), -1);
  }

  private static long unitNanos(ScriptText source, Word unit) throws ScriptSyntaxException {
    if (unit == null) {
      return 1_000_000_000L;
    }
    switch (unit.text().toLowerCase(Locale.ROOT)) {
      case "us":
        return 1_000L;
      case "ms":
        return 1_000_000L;
      case "s":
        return 1_000_000_000L;
      default:
        throw source.error(unit.offset(), "unrecognized time unit \"" + unit.text() + "\"", "us, ms or s");
    }
  }
}
