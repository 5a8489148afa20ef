package io.commitbench.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Command lines split into words as a POSIX shell does for simple quoting. */
class ShellWordsTest {

  @Test
  void quotesAndBackslashesJoinWordsAndAreRemoved() {
    assertThat(ShellWords.split("run 'a b' \"c d\" e\\ f x=\"1\"'2'").words())
        .containsExactly("run", "a b", "c d", "e f", "x=12");
    assertThat(ShellWords.split("\"a \\\"b\\\" \\\\ \\x\" 'c\\d'").words()).containsExactly("a \"b\" \\ \\x", "c\\d");
  }

  @Test
  void aHashStartingAWordBeginsAComment() {
    ShellWords.Words commented = ShellWords.split("run x   # the quick one");
    assertThat(commented.words()).containsExactly("run", "x");
    assertThat(commented.end()).isEqualTo("run x   ".length());
    assertThat(ShellWords.split("run --set a=b#c '# not a comment'").words())
        .containsExactly("run", "--set", "a=b#c", "# not a comment");
  }

  @Test
  void pipesListsAndRedirectionsEndTheCommand() {
    assertThat(ShellWords.split("compare a b --format json > a-b.json").words())
        .containsExactly("compare", "a", "b", "--format", "json");
    assertThat(ShellWords.split("run x 2>&1 | tee log").words()).containsExactly("run", "x");
    assertThat(ShellWords.split("run x && report y").words()).containsExactly("run", "x");
    assertThat(ShellWords.split("run 'a|b;c>d'").words()).containsExactly("run", "a|b;c>d");
  }

  @Test
  void whatTheShellWouldExpandIsKeptAsWrittenAndSaidSo() {
    assertThat(ShellWords.split("run '$HOME/x' \"*\"").expands()).isFalse();
    assertThat(ShellWords.split("run $HOME/x").expands()).isTrue();
    assertThat(ShellWords.split("run \"$HOME/x\"").expands()).isTrue();
    assertThat(ShellWords.split("run ~/x").expands()).isTrue();
    assertThat(ShellWords.split("run config/campaign-*.properties").expands()).isTrue();
    ShellWords.Words substituted = ShellWords.split("run --set run.id=$(date +%s) x");
    assertThat(substituted.words()).containsExactly("run", "--set", "run.id=$(date +%s)", "x");
    assertThat(substituted.expands()).isTrue();
  }

  @Test
  void anUnterminatedQuoteIsRefused() {
    assertThatThrownBy(() -> ShellWords.split("run 'x")).hasMessage("unterminated ' quote");
    assertThatThrownBy(() -> ShellWords.split("run \"x")).hasMessage("unterminated \" quote");
  }
}
