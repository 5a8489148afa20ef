package io.commitbench.core.workload.script;

/**
 * The words of one meta command, read as pgbench 15's {@code exprscan.l} reads them: words are runs
 * of characters other than blanks, a newline ends the command, and a backslash just before the
 * newline continues it on the next line (also right after a word, which it then ends).
 */
final class MetaCommandLine {

  /** A word and the offset in the script where it starts. */
  record Word(String text, int offset) {}

  /** The rest of the command: its text with each continuation turned into blanks, so offsets still match. */
  record Rest(String text, int offset) {}

  private final ScriptText source;
  private int position;

  /** Reads from {@code start}, the character after the command's backslash. */
  MetaCommandLine(ScriptText source, int start) {
    this.source = source;
    this.position = start;
  }

  /** The next word, or null at the command's end. */
  Word next() {
    skipBlanks();
    if (atEnd()) {
      return null;
    }
    int start = position;
    while (position < source.length() && !isBlank(source.charAt(position)) && source.charAt(position) != '\n'
        && continuationLength(position) == 0) {
      position++;
    }
    return new Word(source.text().substring(start, position), start);
  }

  /** Everything up to the command's end (for an expression), read past. */
  Rest rest() {
    int start = position;
    StringBuilder text = new StringBuilder();
    while (position < source.length() && source.charAt(position) != '\n') {
      int continuation = continuationLength(position);
      if (continuation > 0) {
        text.append(" ".repeat(continuation));
        position += continuation;
      } else {
        // exprscan.l reads a carriage return as a blank: a CRLF script's expressions end cleanly.
        char c = source.charAt(position);
        text.append(c == '\r' ? ' ' : c);
        position++;
      }
    }
    return new Rest(text.toString(), start);
  }

  /** The offset just after the command: past its newline, or the text's end. */
  int end() {
    skipBlanks();
    while (position < source.length() && source.charAt(position) != '\n') {
      position++;
    }
    return Math.min(position + 1, source.length());
  }

  /** The offset reached, where a word that follows would start. */
  int position() {
    return position;
  }

  private boolean atEnd() {
    return position >= source.length() || source.charAt(position) == '\n';
  }

  private void skipBlanks() {
    while (position < source.length()) {
      int continuation = continuationLength(position);
      if (continuation > 0) {
        position += continuation;
      } else if (isBlank(source.charAt(position))) {
        position++;
      } else {
        return;
      }
    }
  }

  /** 2 for backslash-newline, 3 for backslash-CR-newline, else 0. */
  private int continuationLength(int at) {
    if (source.charAt(at) != '\\') {
      return 0;
    }
    if (source.peek(at + 1) == '\n') {
      return 2;
    }
    return source.peek(at + 1) == '\r' && source.peek(at + 2) == '\n' ? 3 : 0;
  }

  /** exprscan.l's {@code space}: blank, tab, carriage return, form feed, vertical tab (not newline). */
  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B;
  }
}
