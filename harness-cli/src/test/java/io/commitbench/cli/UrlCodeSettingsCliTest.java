package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A parameter file whose db.url would make the driver run SQL (H2's INIT) is refused with exit 2
 * before the database is opened: the statement INIT names, which writes a file, never runs. With
 * db.url.trusted=true the same file runs it, which shows the URL is one that would have.
 */
class UrlCodeSettingsCliTest {

  @TempDir Path dir;

  private Path fileWithInitWriting(Path madeByInit) throws Exception {
    String url = "jdbc:h2:mem:urlcode;INIT=CALL CSVWRITE('" + madeByInit + "', 'SELECT 1')";
    return Files.writeString(dir.resolve("init.properties"), CliRun.TINY_PAPER_RUN + "db.url=" + url + "\n"
        + "results.dir=" + dir.resolve("results") + "\n");
  }

  @Test
  void aUrlSettingThatRunsSqlIsRefusedBeforeTheDatabaseIsOpened() throws Exception {
    Path madeByInit = dir.resolve("made-by-init.csv");
    CliRun run = CliRun.execute("run", fileWithInitWriting(madeByInit).toString());

    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).contains("db.url=jdbc:h2:mem:urlcode;INIT=", ": sets INIT, which ",
        "allowed: a URL without INIT, or db.url.trusted=true", "nothing was run and no database was contacted");
    assertThat(madeByInit).as("the SQL of INIT did not run").doesNotExist();
    assertThat(dir.resolve("results")).as("no results folder for bad input").doesNotExist();
  }

  @Test
  void aTrustedUrlRunsItsSettings() throws Exception {
    Path madeByInit = dir.resolve("made-by-init.csv");
    // Shared: INIT runs at every login, and only an H2 admin may call CSVWRITE.
    CliRun run = CliRun.execute("run", fileWithInitWriting(madeByInit).toString(), "--set", "db.url.trusted=true",
        "--set", "users.mode=shared");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(madeByInit).as("INIT ran when the driver connected").exists();
  }
}
