package io.commitbench.core.workload.script.expr;

import io.commitbench.core.workload.script.expr.Token.Type;
import java.util.Locale;
import java.util.Map;

/**
 * The expression scanner of pgbench 15's exprscan.l (its EXPR state): operators, case-insensitive
 * keywords, {@code :variables}, integer and double constants (with the special token for
 * 9223372036854775808, which only a unary minus may take), and function names. It reads one token at
 * a time, as the bison parser pulls them, so an error in a later token never hides an earlier one.
 */
final class Lexer {
  private static final Map<String, Type> KEYWORDS = Map.ofEntries(
      Map.entry("and", Type.AND), Map.entry("or", Type.OR), Map.entry("not", Type.NOT),
      Map.entry("is", Type.IS), Map.entry("isnull", Type.ISNULL), Map.entry("notnull", Type.NOTNULL),
      Map.entry("case", Type.CASE), Map.entry("when", Type.WHEN), Map.entry("then", Type.THEN),
      Map.entry("else", Type.ELSE), Map.entry("end", Type.END), Map.entry("null", Type.NULL),
      Map.entry("true", Type.TRUE), Map.entry("false", Type.FALSE));
  private static final String MAXINT_PLUS_ONE = "9223372036854775808";

  private final String text;
  private int position;
  private Token lookahead;

  Lexer(String text) {
    this.text = text;
  }

  Token peek() throws ExpressionSyntaxException {
    if (lookahead == null) {
      lookahead = scan();
    }
    return lookahead;
  }

  Token next() throws ExpressionSyntaxException {
    Token token = peek();
    lookahead = null;
    return token;
  }

  private Token scan() throws ExpressionSyntaxException {
    skipSpace();
    int start = position;
    if (start >= text.length()) {
      return new Token(Type.EOF, start, start, "", 0, 0);
    }
    char c = text.charAt(start);
    char following = start + 1 < text.length() ? text.charAt(start + 1) : '\0';
    Type two = twoCharOperator(c, following);
    if (two != null) {
      return symbol(two, 2);
    }
    Type one = oneCharOperator(c);
    if (one != null) {
      return symbol(one, 1);
    }
    if (c == ':' && isAlnum(following)) {
      int end = start + 1;
      while (end < text.length() && isAlnum(text.charAt(end))) {
        end++;
      }
      position = end;
      return new Token(Type.VARIABLE, start, end, text.substring(start + 1, end), 0, 0);
    }
    if (isDigit(c) || c == '.' && isDigit(following)) {
      return number(start);
    }
    if (isAlpha(c)) {
      int end = start + 1;
      while (end < text.length() && isAlnum(text.charAt(end))) {
        end++;
      }
      position = end;
      String word = text.substring(start, end);
      Type keyword = KEYWORDS.get(word.toLowerCase(Locale.ROOT));
      return new Token(keyword != null ? keyword : Type.FUNCTION, start, end, word, 0, 0);
    }
    throw new ExpressionSyntaxException("unexpected character (" + c + ")", unexpectedCharacterOffset(c, start));
  }

  /**
   * Where pgbench points at an unexpected character: at it, except for a quote that is closed later on,
   * where pgbench's command scanner has taken the quoted text as one word and points at the closing quote.
   */
  private int unexpectedCharacterOffset(char c, int start) {
    if (c == '\'' || c == '"' || c == '`') {
      int closing = text.indexOf(c, start + 1);
      if (closing > 0) {
        return closing;
      }
    }
    return start;
  }

  private Token symbol(Type type, int length) {
    int start = position;
    position += length;
    return new Token(type, start, position, text.substring(start, position), 0, 0);
  }

  /** The longest of exprscan.l's integer and double patterns, as flex chooses. */
  private Token number(int start) throws ExpressionSyntaxException {
    int i = start;
    while (i < text.length() && isDigit(text.charAt(i))) {
      i++;
    }
    boolean isDouble = false;
    if (i < text.length() && text.charAt(i) == '.') {
      isDouble = true;
      i++;
      while (i < text.length() && isDigit(text.charAt(i))) {
        i++;
      }
    }
    if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
      int j = i + 1;
      if (j < text.length() && (text.charAt(j) == '+' || text.charAt(j) == '-')) {
        j++;
      }
      if (j < text.length() && isDigit(text.charAt(j))) {
        while (j < text.length() && isDigit(text.charAt(j))) {
          j++;
        }
        isDouble = true;
        i = j;
      }
    }
    position = i;
    String literal = text.substring(start, i);
    if (isDouble) {
      double value = VariableText.parseDouble(literal);
      if (Double.isNaN(value)) {
        throw new ExpressionSyntaxException("double constant overflow (" + literal + ")", i - 1);
      }
      return new Token(Type.DOUBLE, start, i, literal, 0, value);
    }
    if (literal.equals(MAXINT_PLUS_ONE)) {
      return new Token(Type.MAXINT_PLUS_ONE, start, i, literal, Long.MIN_VALUE, 0);
    }
    try {
      return new Token(Type.INTEGER, start, i, literal, VariableText.parseInt(literal), 0);
    } catch (EvaluationException overflow) {
      throw new ExpressionSyntaxException("bigint constant overflow (" + literal + ")", i - 1);
    }
  }

  private static Type twoCharOperator(char c, char following) {
    switch (c) {
      case '<':
        return following == '>' ? Type.NE : following == '=' ? Type.LE : following == '<' ? Type.LSHIFT : null;
      case '>':
        return following == '=' ? Type.GE : following == '>' ? Type.RSHIFT : null;
      case '!':
        return following == '=' ? Type.NE : null;
      default:
        return null;
    }
  }

  private static Type oneCharOperator(char c) {
    switch (c) {
      case '+': return Type.PLUS;
      case '-': return Type.MINUS;
      case '*': return Type.STAR;
      case '/': return Type.SLASH;
      case '%': return Type.PERCENT;
      case '=': return Type.EQ;
      case '<': return Type.LT;
      case '>': return Type.GT;
      case '|': return Type.BITOR;
      case '&': return Type.BITAND;
      case '#': return Type.HASH;
      case '~': return Type.TILDE;
      case '(': return Type.LPAREN;
      case ')': return Type.RPAREN;
      case ',': return Type.COMMA;
      default: return null;
    }
  }

  /** Spaces, tabs, CR, FF, VT, newlines and backslash-newline continuations. */
  private void skipSpace() {
    while (position < text.length()) {
      char c = text.charAt(position);
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\u000b' || c == '\n') {
        position++;
      } else if (c == '\\' && position + 1 < text.length() && text.charAt(position + 1) == '\n') {
        position += 2;
      } else {
        return;
      }
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** exprscan.l's {@code alpha}: ASCII letters, underscore, and any non-ASCII character. */
  private static boolean isAlpha(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80;
  }

  private static boolean isAlnum(char c) {
    return isAlpha(c) || isDigit(c);
  }
}
