package io.commitbench.storage.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {

  @TempDir Path dir;

  @Test
  void readsBackWhatWasWritten() throws IOException {
    Path file = dir.resolve("j/relocate.journal");
    try (Journal journal = Journal.begin(file, "relocate-log", Map.of("from", "/a", "to", "/b"))) {
      journal.step("stopped the server");
      journal.step("copied pg_wal", Map.of("bytes", "16777216"));
      journal.note("target fsynced");
      journal.completed();
    }
    JournalReader.Contents contents = JournalReader.read(file);
    assertThat(contents.operation()).isEqualTo("relocate-log");
    assertThat(contents.parameters()).containsEntry("from", "/a").containsEntry("to", "/b");
    assertThat(contents.steps()).extracting(JournalEntry::text).containsExactly("stopped the server", "copied pg_wal");
    assertThat(contents.steps().get(1).detail()).containsEntry("bytes", "16777216");
    assertThat(contents.completed()).isTrue();
  }

  @Test
  void aJournalWithoutAnEndIsUnfinished() throws IOException {
    Path file = dir.resolve("crashed.journal");
    try (Journal journal = Journal.begin(file, "lab-up", Map.of())) {
      journal.step("attached a loop device");
    }
    JournalReader.Contents contents = JournalReader.read(file);
    assertThat(contents.outcome()).isEmpty();
    assertThat(contents.completed()).isFalse();
  }

  @Test
  void neverOverwritesAJournal() throws IOException {
    Path file = dir.resolve("once.journal");
    Journal.begin(file, "a", Map.of()).close();
    assertThatThrownBy(() -> Journal.begin(file, "b", Map.of())).isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
    assertThat(JournalReader.read(file).operation()).isEqualTo("a");
  }

  @Test
  void refusesAFileThatIsNotAJournal() throws IOException {
    Path file = Files.writeString(dir.resolve("other.txt"), "{\"event\":\"step\",\"time\":\"2026-01-01T00:00:00Z\"}\n");
    assertThatThrownBy(() -> JournalReader.read(file)).hasMessageContaining("does not start with a 'begin' line");
  }
}
