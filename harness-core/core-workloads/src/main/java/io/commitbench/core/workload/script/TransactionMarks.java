package io.commitbench.core.workload.script;

import io.commitbench.core.workload.script.ScriptCommand.TransactionMark;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a SQL command does to the transaction, from its first words (case-insensitive, as PostgreSQL
 * 15's grammar spells them): {@code BEGIN [WORK | TRANSACTION]}, {@code START TRANSACTION}; {@code
 * COMMIT} and {@code END [WORK | TRANSACTION] [AND NO CHAIN]}; {@code ROLLBACK} and {@code ABORT} likewise.
 * {@code COMMIT PREPARED}, {@code ROLLBACK PREPARED} and {@code ROLLBACK TO [SAVEPOINT]} are ordinary
 * statements. A marked command is not sent as SQL, so what it would carry is refused rather than
 * lost: transaction modes ({@code BEGIN ISOLATION LEVEL ...}), {@code AND CHAIN}, and {@code PREPARE
 * TRANSACTION}, which ends a block in a way the runner does not follow.
 */
final class TransactionMarks {

  private static final String ALLOWED_BEGIN = "BEGIN [WORK | TRANSACTION] or START TRANSACTION, without"
      + " transaction modes";
  private static final String ALLOWED_END = " [WORK | TRANSACTION] [AND NO CHAIN]";

  private TransactionMarks() {}

  /**
   * The mark of {@code text} (a command without its {@code ;}).
   *
   * @throws ScriptSyntaxException at {@code offset} when it carries what a mark cannot
   */
  static TransactionMark of(String text, ScriptText source, int offset) throws ScriptSyntaxException {
    List<String> words = words(text);
    if (words.isEmpty()) {
      return TransactionMark.NONE;
    }
    String first = words.get(0);
    List<String> rest = words.subList(1, words.size());
    switch (first) {
      case "BEGIN":
        requireNothingAfter(stripWork(rest), source, offset, "BEGIN", ALLOWED_BEGIN);
        return TransactionMark.BEGIN;
      case "START":
        if (rest.isEmpty() || !rest.get(0).equals("TRANSACTION")) {
          return TransactionMark.NONE;
        }
        requireNothingAfter(rest.subList(1, rest.size()), source, offset, "START TRANSACTION", ALLOWED_BEGIN);
        return TransactionMark.BEGIN;
      case "COMMIT":
      case "END":
        return ending(first, rest, TransactionMark.COMMIT, source, offset);
      case "ROLLBACK":
      case "ABORT":
        return ending(first, rest, TransactionMark.ROLLBACK, source, offset);
      case "PREPARE":
        if (!rest.isEmpty() && rest.get(0).equals("TRANSACTION")) {
          throw source.error(offset, "PREPARE TRANSACTION is not supported by commitbench",
              "COMMIT, END or ROLLBACK to end a transaction block");
        }
        return TransactionMark.NONE;
      default:
        return TransactionMark.NONE;
    }
  }

  private static TransactionMark ending(String first, List<String> rest, TransactionMark mark, ScriptText source,
      int offset) throws ScriptSyntaxException {
    boolean rollback = mark == TransactionMark.ROLLBACK;
    if (!rest.isEmpty() && rest.get(0).equals("PREPARED") && (first.equals("COMMIT") || first.equals("ROLLBACK"))) {
      return TransactionMark.NONE;
    }
    List<String> afterWork = stripWork(rest);
    if (rollback && !afterWork.isEmpty() && afterWork.get(0).equals("TO")) {
      return TransactionMark.NONE;
    }
    if (afterWork.equals(List.of("AND", "NO", "CHAIN"))) {
      return mark;
    }
    requireNothingAfter(afterWork, source, offset, first, first + ALLOWED_END);
    return mark;
  }

  private static void requireNothingAfter(List<String> rest, ScriptText source, int offset, String command,
      String allowed) throws ScriptSyntaxException {
    if (!rest.isEmpty()) {
      throw source.error(offset, command + " followed by " + String.join(" ", rest)
          + " is not supported by commitbench, which runs the transaction block itself", allowed);
    }
  }

  private static List<String> stripWork(List<String> words) {
    if (!words.isEmpty() && (words.get(0).equals("WORK") || words.get(0).equals("TRANSACTION"))) {
      return words.subList(1, words.size());
    }
    return words;
  }

  /** The command's words, upper-cased, with {@code /* *}{@code /} comments taken out. */
  private static List<String> words(String text) {
    StringBuilder plain = new StringBuilder(text.length());
    int depth = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      char next = i + 1 < text.length() ? text.charAt(i + 1) : '\0';
      if (c == '/' && next == '*') {
        depth++;
        i++;
        plain.append(' ');
      } else if (depth > 0 && c == '*' && next == '/') {
        depth--;
        i++;
      } else if (depth == 0) {
        plain.append(c);
      }
    }
    List<String> words = new ArrayList<>();
    for (String word : plain.toString().trim().split("[ \\t\\n\\r\\f\\u000B]+")) {
      if (!word.isEmpty()) {
        words.add(word.toUpperCase(Locale.ROOT));
      }
    }
    return words;
  }
}
