package io.commitbench.core.workload.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.commitbench.core.workload.script.dataset.PgbenchTables;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The built-in scripts' text: pgbench's own as {@code pgbench --show-script=NAME} prints it (when a
 * pgbench is on the PATH; it needs no server), and the run's table names in place of pgbench's.
 */
class BuiltinScriptsTest {

  private static final PgbenchTables RENAMED = new PgbenchTables("b_x", "t_x", "a_x", "h_x");

  @Test
  void namesArePgbenchsInItsOrder() {
    assertThat(BuiltinScripts.names()).containsExactly("tpcb-like", "simple-update", "select-only");
    assertThat(BuiltinScripts.text("tpcb", PgbenchTables.PGBENCH)).isEmpty();
  }

  @Test
  void eachTextIsWhatPgbenchShows() throws IOException, InterruptedException {
    assumeTrue(onPath("pgbench"), "no pgbench on the PATH to compare the built-ins with");
    for (String name : BuiltinScripts.names()) {
      Process process = new ProcessBuilder("pgbench", "--show-script=" + name).redirectErrorStream(true).start();
      String shown = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
      // pgbench prints "-- NAME: <builtin: DESCRIPTION>", the script, and a newline.
      assertThat(shown).startsWith("-- " + name + ": <builtin: ");
      String script = shown.substring(shown.indexOf('\n') + 1);
      assertThat(BuiltinScripts.text(name, PgbenchTables.PGBENCH)).as(name).contains(script.substring(0,
          script.length() - 1));
    }
  }

  @Test
  void theTablesNamesReplacePgbenchsAndNothingElseChanges() {
    for (String name : BuiltinScripts.names()) {
      String renamed = BuiltinScripts.text(name, RENAMED).orElseThrow();
      assertThat(renamed).doesNotContain("pgbench_");
      String back = renamed.replace("b_x", "pgbench_branches").replace("t_x", "pgbench_tellers")
          .replace("a_x", "pgbench_accounts").replace("h_x", "pgbench_history");
      assertThat(Optional.of(back)).isEqualTo(BuiltinScripts.text(name, PgbenchTables.PGBENCH));
    }
    assertThat(BuiltinScripts.text("tpcb-like", RENAMED).orElseThrow())
        .contains("UPDATE a_x SET", "UPDATE t_x SET", "UPDATE b_x SET", "INSERT INTO h_x (tid");
    assertThat(BuiltinScripts.text("simple-update", RENAMED).orElseThrow()).doesNotContain("t_x", "b_x");
    assertThat(BuiltinScripts.text("select-only", RENAMED).orElseThrow()).contains("FROM a_x WHERE");
  }

  private static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String directory : path.split(File.pathSeparator)) {
      if (new File(directory, program).canExecute()) {
        return true;
      }
    }
    return false;
  }
}
