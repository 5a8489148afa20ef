package io.commitbench.core.workload.script.expr;

/** One token of an expression, with where it is in the text (end exclusive). */
final class Token {

  /** The token kinds of pgbench 15's exprscan.l. */
  enum Type {
    PLUS, MINUS, STAR, SLASH, PERCENT, EQ, NE, LT, LE, GT, GE, LSHIFT, RSHIFT, BITOR, BITAND, HASH, TILDE,
    LPAREN, RPAREN, COMMA,
    AND, OR, NOT, IS, ISNULL, NOTNULL, CASE, WHEN, THEN, ELSE, END,
    NULL, TRUE, FALSE, INTEGER, MAXINT_PLUS_ONE, DOUBLE, VARIABLE, FUNCTION,
    EOF
  }

  final Type type;
  final int start;
  final int end;
  final String text;
  final long intValue;
  final double doubleValue;

  Token(Type type, int start, int end, String text, long intValue, double doubleValue) {
    this.type = type;
    this.start = start;
    this.end = end;
    this.text = text;
    this.intValue = intValue;
    this.doubleValue = doubleValue;
  }

  /** Where pgbench points at this token in an error: its last character, or the end of the text. */
  int errorOffset() {
    return type == Type.EOF ? end : end - 1;
  }

  String describe() {
    return type == Type.EOF ? "end of expression" : "\"" + text + "\"";
  }
}
