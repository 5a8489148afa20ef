package io.commitbench.core.workload.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code script.vars}: pgbench's {@code -D name=value}, as one list. */
class ScriptVarsTest {

  private static void refused(String value, String message) {
    assertThatThrownBy(() -> ScriptVars.parse(value)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message);
  }

  @Test
  void namesAndTextValuesInOrder() {
    Map<String, String> vars = ScriptVars.parse("warehouses=10, region=eu=west,empty=,_x1=1.5");
    assertThat(vars).containsExactly(Map.entry("warehouses", "10"), Map.entry("region", "eu=west"),
        Map.entry("empty", ""), Map.entry("_x1", "1.5"));
    assertThat(ScriptVars.parse("")).isEmpty();
  }

  @Test
  void refusesEntriesWithoutValidNames() {
    String allowed = "; allowed: a name of ASCII letters, digits and underscores (or non-ASCII letters), not"
        + " starting with a digit";
    refused("a=1,b", "entry \"b\" has no =; allowed: name=value, entries separated by commas");
    refused("a=1,", "entry \"\" has no =; allowed: name=value, entries separated by commas");
    refused("1a=1", "entry \"1a=1\" has the invalid variable name \"1a\"" + allowed);
    refused("=1", "entry \"=1\" has the invalid variable name \"\"" + allowed);
    refused("a-b=1", "entry \"a-b=1\" has the invalid variable name \"a-b\"" + allowed);
    refused("a=1,a=2", "variable a is defined twice; allowed: each name once");
  }
}
