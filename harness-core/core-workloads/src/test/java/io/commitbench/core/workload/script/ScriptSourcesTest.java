package io.commitbench.core.workload.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code script.files}: pgbench's {@code -f file@weight} and {@code -b name@weight}, as one list. */
class ScriptSourcesTest {

  private static void refused(String value, String message) {
    assertThatThrownBy(() -> ScriptSources.parse(value)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void filesAndBuiltinsWithTheirWeights() {
    assertThat(ScriptSources.parse("checkout.sql@5, browse.sql,tpcb-like@2,sql/pay@0"))
        .containsExactly(new ScriptSource("checkout.sql", 5, false), new ScriptSource("browse.sql", 1, false),
            new ScriptSource("tpcb-like", 2, true), new ScriptSource("sql/pay", 0, false));
  }

  @Test
  void anUnambiguousPrefixIsTheBuiltinAndOtherNamesAreFiles() {
    assertThat(ScriptSources.parse("tpcb,sel@3,simple,mine")).containsExactly(
        new ScriptSource("tpcb-like", 1, true), new ScriptSource("select-only", 3, true),
        new ScriptSource("simple-update", 1, true), new ScriptSource("mine", 1, false));
    assertThat(ScriptSources.parse("./tpcb-like")).containsExactly(new ScriptSource("./tpcb-like", 1, false));
  }

  @Test
  void theTransactionTypesNameIsTheFilesWithoutDirectoryAndSql() {
    assertThat(ScriptSources.parse("a/b/checkout.sql,c\\d.sql,plain,tpcb@2,x.sql.bak"))
        .extracting(ScriptSource::name).containsExactly("checkout", "d", "plain", "tpcb-like", "x.sql.bak");
  }

  @Test
  void theLastAtSignSeparatesTheWeight() {
    assertThat(ScriptSources.parse("at@home.sql@4")).containsExactly(new ScriptSource("at@home.sql", 4, false));
    assertThat(ScriptSources.parse("x.sql@2147483647")).extracting(ScriptSource::weight)
        .isEqualTo(List.of(Integer.MAX_VALUE));
  }

  @Test
  void refusesBadWeights() {
    String allowed = "; allowed: an integer from 0 to 2147483647 after the @";
    refused("a.sql@x", "entry \"a.sql@x\" has the weight \"x\"" + allowed);
    refused("a.sql@", "entry \"a.sql@\" has the weight \"\"" + allowed);
    refused("a.sql@-1", "entry \"a.sql@-1\" has the weight \"-1\"" + allowed);
    refused("a.sql@2147483648", "entry \"a.sql@2147483648\" has the weight 2147483648, out of range" + allowed);
    refused("a.sql@0,tpcb@0", "the scripts' weights add up to 0; allowed: at least one weight above 0");
  }

  @Test
  void refusesEmptyAmbiguousAndSameNamedEntries() {
    refused("a.sql,,b.sql", "entry \"\" names no script; allowed: a file such as checkout.sql[@weight] or a"
        + " built-in (tpcb-like, simple-update, select-only)[@weight]");
    refused("@3", "entry \"@3\" names no script; allowed: a file such as checkout.sql[@weight] or a built-in"
        + " (tpcb-like, simple-update, select-only)[@weight]");
    refused("s@2", "entry \"s@2\" is the start of several built-ins' names (simple-update, select-only); allowed:"
        + " one built-in's name or a longer start of it, or a file written with its directory (./s)");
    refused("a/pay.sql,b/pay.sql@2", "entries \"a/pay.sql\" and \"b/pay.sql@2\" are both scripts named pay;"
        + " allowed: one script per name (name the files apart)");
    refused("tpcb,tpcb-like@3", "entries \"tpcb\" and \"tpcb-like@3\" are both scripts named tpcb-like;"
        + " allowed: one script per name (name the files apart)");
  }
}
