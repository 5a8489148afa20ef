package io.commitbench.core.workload.script;

import java.util.Arrays;

/**
 * Splits a script's SQL into commands as pgbench 15 does, with the lexer it borrows from psql
 * ({@code src/fe_utils/psqlscan.l}): a command ends at a {@code ;} outside quotes, comments and
 * parentheses (and outside the {@code BEGIN ... END} of a {@code CREATE FUNCTION ... BEGIN ATOMIC}
 * body), or where a backslash outside quotes starts a meta command, or at the end of the text. The
 * quotes it knows are psql's: {@code '...'} (standard-conforming, {@code ''} inside), {@code E'...'}
 * (backslash escapes), {@code B'...'}, {@code X'...'}, {@code N'...'}, {@code U&'...'}, {@code "..."},
 * {@code U&"..."} and {@code $tag$...$tag$}; comments are {@code --} to the end of the line and nested
 * {@code /* ... *}{@code /}. As psql's lexer, it drops leading white space and every {@code --}
 * comment from the command's text and keeps {@code /* *}{@code /} comments; {@code \:} is a colon.
 * Unlike pgbench, which sends what it collected, an unterminated quote or comment is refused, and so
 * is {@code \;} (pgbench's combined queries, which a prepared statement cannot hold).
 */
final class SqlScanner {

  private final ScriptText source;
  private final StringBuilder text = new StringBuilder();
  private int[] offsets = new int[64];
  private boolean hasContent;
  private int parenDepth;
  private int beginDepth;
  private final FunctionBodyTracker functionBody = new FunctionBodyTracker();

  private SqlScanner(ScriptText source) {
    this.source = source;
  }

  /** Collects the command that starts at {@code start}. */
  static SqlChunk scan(ScriptText source, int start) throws ScriptSyntaxException {
    return new SqlScanner(source).run(start);
  }

  private SqlChunk run(int start) throws ScriptSyntaxException {
    int i = start;
    int n = source.length();
    while (i < n) {
      char c = source.charAt(i);
      char next = source.peek(i + 1);
      if (isSpace(c)) {
        if (text.length() > 0) {
          emit(c, i);
        }
        i++;
      } else if (c == '-' && next == '-') {
        i = skipLineComment(i);
      } else if (c == '/' && next == '*') {
        i = blockComment(i);
      } else if (c == '\'') {
        i = quoted(i, i, '\'', false);
      } else if ((c == 'e' || c == 'E') && next == '\'') {
        i = quoted(i, i + 1, '\'', true);
      } else if ((c == 'b' || c == 'B' || c == 'x' || c == 'X' || c == 'n' || c == 'N') && next == '\'') {
        i = quoted(i, i + 1, '\'', false);
      } else if ((c == 'u' || c == 'U') && next == '&' && (source.peek(i + 2) == '\'' || source.peek(i + 2) == '"')) {
        i = quoted(i, i + 2, source.peek(i + 2), false);
      } else if (c == '"') {
        i = quoted(i, i, '"', false);
      } else if (c == '$') {
        i = dollar(i);
      } else if (isIdentifierStart(c)) {
        i = identifier(i);
      } else if (c == '\\') {
        if (next == ';') {
          throw source.error(i, "combined queries (\\;) are not supported by commitbench",
              "one SQL command ended by ; at a time");
        }
        if (next == ':') {
          emitContent(':', i + 1);
          i += 2;
        } else {
          return chunk(i, true);
        }
      } else {
        if (c == '(') {
          parenDepth++;
        } else if (c == ')' && parenDepth > 0) {
          parenDepth--;
        } else if (c == ';' && parenDepth == 0 && beginDepth == 0) {
          return chunk(i + 1, false);
        }
        emitContent(c, i);
        i++;
      }
    }
    return chunk(n, false);
  }

  private SqlChunk chunk(int end, boolean backslash) {
    return new SqlChunk(text.toString(), Arrays.copyOf(offsets, text.length()), hasContent, end, backslash);
  }

  private int skipLineComment(int i) {
    int newline = source.text().indexOf('\n', i);
    return newline < 0 ? source.length() : newline;
  }

  private int blockComment(int start) throws ScriptSyntaxException {
    int depth = 0;
    int i = start;
    while (i < source.length()) {
      char c = source.charAt(i);
      char next = source.peek(i + 1);
      if (c == '/' && next == '*') {
        depth++;
        emitRange(i, i + 2);
        i += 2;
      } else if (c == '*' && next == '/') {
        depth--;
        emitRange(i, i + 2);
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        emit(c, i);
        i++;
      }
    }
    throw source.error(start, "comment /* is never closed", "a comment closed by */");
  }

  /** A quoted string or identifier from {@code start} (its prefix) whose opening quote is at {@code open}. */
  private int quoted(int start, int open, char quote, boolean backslashEscapes) throws ScriptSyntaxException {
    int i = open + 1;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (backslashEscapes && c == '\\' && i + 1 < source.length()) {
        i += 2;
      } else if (c == quote && source.peek(i + 1) == quote) {
        i += 2;
      } else if (c == quote) {
        emitContentRange(start, i + 1);
        return i + 1;
      } else {
        i++;
      }
    }
    throw source.error(start, "quoted text starting with " + quote + " is never closed",
        "text closed by the same quote (" + quote + quote + " for a quote inside it)");
  }

  /** {@code $tag$...$tag$}, {@code $1}, or a lone {@code $}. */
  private int dollar(int start) throws ScriptSyntaxException {
    int i = start + 1;
    if (isIdentifierStart(source.peek(i))) {
      i++;
      while (isDollarTagPart(source.peek(i))) {
        i++;
      }
    }
    if (source.peek(i) != '$') {
      emitContent('$', start);
      return start + 1;
    }
    String delimiter = source.text().substring(start, i + 1);
    int close = source.text().indexOf(delimiter, i + 1);
    if (close < 0) {
      throw source.error(start, "dollar-quoted text opened by " + delimiter + " is never closed",
          "text closed by the same " + delimiter);
    }
    int end = close + delimiter.length();
    emitContentRange(start, end);
    return end;
  }

  private int identifier(int start) {
    int i = start + 1;
    while (isIdentifierPart(source.peek(i))) {
      i++;
    }
    String word = source.text().substring(start, i);
    beginDepth = functionBody.next(word, parenDepth, beginDepth);
    emitContentRange(start, i);
    return i;
  }

  private void emitContentRange(int from, int to) {
    for (int i = from; i < to; i++) {
      emitContent(source.charAt(i), i);
    }
  }

  private void emitRange(int from, int to) {
    for (int i = from; i < to; i++) {
      emit(source.charAt(i), i);
    }
  }

  private void emitContent(char c, int offset) {
    hasContent = true;
    emit(c, offset);
  }

  private void emit(char c, int offset) {
    if (text.length() == offsets.length) {
      offsets = Arrays.copyOf(offsets, offsets.length * 2);
    }
    offsets[text.length()] = offset;
    text.append(c);
  }

  /** psql's {@code space}: blank, tab, newline, carriage return, form feed, vertical tab. */
  static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
  }

  /** psql's {@code ident_start}: an ASCII letter, an underscore, or any non-ASCII character. */
  static boolean isIdentifierStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
  }

  private static boolean isDollarTagPart(char c) {
    return isIdentifierStart(c) || (c >= '0' && c <= '9');
  }

  /** psql's {@code ident_cont}: an identifier goes on with digits and {@code $} too. */
  private static boolean isIdentifierPart(char c) {
    return isDollarTagPart(c) || c == '$';
  }

  /**
   * psql's heuristic for a SQL-standard function body: in a statement that starts {@code CREATE [OR
   * REPLACE] FUNCTION|PROCEDURE}, outside parentheses, {@code BEGIN} opens a block that {@code END}
   * closes ({@code CASE} inside it opens one too), and a {@code ;} inside it does not end the command.
   */
  private static final class FunctionBodyTracker {
    private final char[] leading = new char[4];
    private int count;

    int next(String word, int parenDepth, int beginDepth) {
      String lower = word.toLowerCase(java.util.Locale.ROOT);
      if (count < leading.length && (lower.equals("create") || lower.equals("function")
          || lower.equals("procedure") || lower.equals("or") || lower.equals("replace"))) {
        leading[count] = lower.charAt(0);
      }
      count++;
      boolean creating = leading[0] == 'c' && (leading[1] == 'f' || leading[1] == 'p'
          || (leading[1] == 'o' && leading[2] == 'r' && (leading[3] == 'f' || leading[3] == 'p')));
      if (!creating || parenDepth != 0) {
        return beginDepth;
      }
      if (lower.equals("begin")) {
        return beginDepth + 1;
      }
      if (lower.equals("case") && beginDepth >= 1) {
        return beginDepth + 1;
      }
      if (lower.equals("end") && beginDepth > 0) {
        return beginDepth - 1;
      }
      return beginDepth;
    }
  }
}
