package io.commitbench.cli.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one command line into the words a POSIX shell would pass to the program, for the
 * quoting a documented command uses: single quotes, double quotes and backslashes. The command
 * ends at an unquoted {@code #} that starts a word (a comment) and at an unquoted {@code |},
 * {@code &}, {@code ;}, {@code <} or {@code >} (what follows is another command or a
 * redirection; a file descriptor number right before {@code <} or {@code >} is dropped).
 *
 * <p>The shell would expand {@code $VARIABLE}, {@code $(command)}, backquotes, a leading
 * {@code ~} and unquoted {@code *} and {@code ?}; those are kept as written and the result says
 * {@link Words#expands()}, since the words the program gets are not known here. A
 * {@code $( … )} is kept whole, spaces included, as one word.
 *
 * <pre>
 * ShellWords.split("run 'a b' --set x=\"1 2\"  # note").words(); // [run, a b, --set, x=1 2]
 * </pre>
 */
final class ShellWords {

  /**
   * @param words the words, quotes removed
   * @param expands whether the shell would expand something in them
   * @param end where the command ends in the line: its length, or where a comment or an operator begins
   */
  record Words(List<String> words, boolean expands, int end) {}

  private ShellWords() {}

  /** @throws IllegalArgumentException for an unterminated quote or {@code $(} */
  static Words split(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    boolean expands = false;
    int i = 0;
    scan:
    while (i < line.length()) {
      char c = line.charAt(i);
      switch (c) {
        case ' ', '\t' -> {
          if (inWord) {
            words.add(word.toString());
            word.setLength(0);
            inWord = false;
          }
          i++;
        }
        case '#' -> {
          if (!inWord) {
            break scan;
          }
          word.append(c);
          i++;
        }
        case '|', '&', ';', '<', '>' -> {
          if (inWord && (c == '<' || c == '>') && word.chars().allMatch(Character::isDigit)) {
            inWord = false;
          }
          break scan;
        }
        case '\'' -> {
          int end = line.indexOf('\'', i + 1);
          if (end < 0) {
            throw new IllegalArgumentException("unterminated ' quote");
          }
          word.append(line, i + 1, end);
          inWord = true;
          i = end + 1;
        }
        case '"' -> {
          i++;
          while (i < line.length() && line.charAt(i) != '"') {
            char d = line.charAt(i);
            if (d == '\\' && i + 1 < line.length() && "$`\"\\".indexOf(line.charAt(i + 1)) >= 0) {
              word.append(line.charAt(i + 1));
              i += 2;
            } else {
              expands |= d == '$' || d == '`';
              word.append(d);
              i++;
            }
          }
          if (i >= line.length()) {
            throw new IllegalArgumentException("unterminated \" quote");
          }
          inWord = true;
          i++;
        }
        case '\\' -> {
          if (i + 1 < line.length()) {
            word.append(line.charAt(i + 1));
          }
          inWord = true;
          i += 2;
        }
        case '$' -> {
          expands = true;
          int end = i + 1 < line.length() && line.charAt(i + 1) == '(' ? closingParenthesis(line, i + 1) : i;
          word.append(line, i, end + 1);
          inWord = true;
          i = end + 1;
        }
        default -> {
          expands |= c == '`' || c == '*' || c == '?' || (c == '~' && !inWord);
          word.append(c);
          inWord = true;
          i++;
        }
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    return new Words(List.copyOf(words), expands, Math.min(i, line.length()));
  }

  /** The index of the ')' that closes the '(' at {@code open}. */
  private static int closingParenthesis(String line, int open) {
    int depth = 0;
    for (int i = open; i < line.length(); i++) {
      if (line.charAt(i) == '(') {
        depth++;
      } else if (line.charAt(i) == ')' && --depth == 0) {
        return i;
      }
    }
    throw new IllegalArgumentException("unterminated $(");
  }
}
