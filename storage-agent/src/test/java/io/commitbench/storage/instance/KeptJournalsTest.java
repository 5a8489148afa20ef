package io.commitbench.storage.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeptJournalsTest {

  @TempDir Path base;

  @Test
  void movesTheJournalsNextToTheInstanceDirectoryKeepingANameTakenThereAlready() throws Exception {
    Path inst = base.resolve("pg");
    Path journals = Files.createDirectories(inst.resolve(InstanceDescriptor.JOURNALS));
    Files.writeString(journals.resolve("relocate-log-1.journal"), "one\n");
    Files.writeString(journals.resolve("relocate-log-2.journal"), "two\n");
    Path kept = Files.createDirectories(base.resolve("pg.journals"));
    Files.writeString(kept.resolve("relocate-log-1.journal"), "an earlier instance's\n");

    assertThat(KeptJournals.keep(inst)).contains(kept);

    assertThat(journals).isEmptyDirectory();
    assertThat(kept.resolve("relocate-log-1.journal")).hasContent("an earlier instance's");
    assertThat(kept.resolve("relocate-log-1.journal.1")).hasContent("one");
    assertThat(kept.resolve("relocate-log-2.journal")).hasContent("two");
  }

  @Test
  void anInstanceWithoutJournalsKeepsNothingAndMakesNoFolder() throws Exception {
    Path inst = Files.createDirectories(base.resolve("my"));

    assertThat(KeptJournals.keep(inst)).isEmpty();
    assertThat(base.resolve("my.journals")).doesNotExist();
  }
}
