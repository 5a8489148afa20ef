package io.commitbench.cli.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated pages in docs/ are what the generator writes from the code as it is. */
class ReferenceDocsTest {

  @Test
  void theCommittedPagesAreWhatTheGeneratorWritesNow() throws IOException {
    Path docs = repositoryRoot().resolve("docs");
    List<String> stale = new ArrayList<>();
    for (Map.Entry<String, String> page : ReferenceDocs.pages().entrySet()) {
      Path file = docs.resolve(page.getKey());
      String committed = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
      if (!page.getValue().equals(committed)) {
        stale.add("docs/" + page.getKey() + " is stale: " + difference(committed, page.getValue()));
      }
    }
    if (!stale.isEmpty()) {
      fail(String.join("\n", stale) + "\nRegenerate it from the repository root with:\n  " + ReferenceDocs.REGENERATE);
    }
  }

  @Test
  void mainWritesEveryPageIntoTheGivenDirectory(@TempDir Path dir) throws IOException {
    ReferenceDocs.main(new String[] {dir.resolve("docs").toString()});

    for (Map.Entry<String, String> page : ReferenceDocs.pages().entrySet()) {
      assertThat(dir.resolve("docs").resolve(page.getKey())).hasContent(page.getValue());
    }
  }

  /** Pages that differ from one machine or day to the next would always be stale somewhere. */
  @Test
  void thePagesAreTheSameOnEveryGenerationAndHoldNoFactOfThisMachine() {
    Map<String, String> first = ReferenceDocs.pages();

    assertThat(ReferenceDocs.pages()).isEqualTo(first);
    first.forEach((name, text) -> assertThat(text).as(name)
        .doesNotContain(System.getProperty("user.home") + "/")
        .doesNotContain(repositoryRoot().toString())
        .doesNotContain(LocalDate.now().toString())
        .doesNotContain(System.getProperty("java.version")));
  }

  @Test
  void eachPageSaysAtTheTopThatItIsGeneratedAndHowToRegenerateIt() {
    ReferenceDocs.pages().forEach((name, text) -> {
      List<String> top = text.lines().limit(8).toList();
      assertThat(top.get(0)).as(name).startsWith("# ");
      assertThat(String.join("\n", top)).as(name).contains("Generated from the code", ReferenceDocs.REGENERATE);
    });
  }

  private static String difference(String committed, String generated) {
    if (committed == null) {
      return "the file is missing";
    }
    List<String> old = committed.lines().toList();
    List<String> now = generated.lines().toList();
    for (int i = 0; i < Math.max(old.size(), now.size()); i++) {
      String was = i < old.size() ? old.get(i) : "(end of file)";
      String is = i < now.size() ? now.get(i) : "(end of file)";
      if (!was.equals(is)) {
        return "line " + (i + 1) + " is\n    " + was + "\n  and the generator writes\n    " + is;
      }
    }
    return "the line ends differ";
  }

  /** Tests run in the module's folder; the repository root is the folder holding harness-cli. */
  static Path repositoryRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("harness-cli")) && Files.exists(dir.resolve("pom.xml"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no repository root above " + Path.of("").toAbsolutePath());
  }
}
