package io.commitbench.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The documentation checkers on two small trees under src/test/resources/doc-fixtures: "sound",
 * where every kind of link, anchor and config file they handle is right, and "broken",
 * where each kind of breakage appears, so each check is seen to fail and to say where and why.
 */
class DocCheckersTest {

  private static final DocsTree SOUND = fixture("sound");
  private static final DocsTree BROKEN = fixture("broken");

  @Test
  void soundLinksAndAnchorsPass() {
    assertThat(new LinkChecker(SOUND).problems()).isEmpty();
  }

  @Test
  void brokenLinksAndAnchorsAreEachNamedWithPageAndLine() {
    assertThat(new LinkChecker(BROKEN).problems()).containsExactly(
        "README.md:5: docs/missing.md (no such file or folder: docs/missing.md)",
        "README.md:6: docs/guide.md#no-such-heading (no heading or anchor 'no-such-heading' in docs/guide.md)",
        "README.md:7: #nowhere (no heading or anchor 'nowhere' in README.md)",
        "README.md:8: #notes-2 (no heading or anchor 'notes-2' in README.md)",
        "README.md:9: docs/gone.md (no such file or folder: docs/gone.md)",
        "README.md:10: ../outside.md (outside the repository)",
        "README.md:11:  (empty target)");
  }

  @Test
  void everyShownConfigFilePasses() {
    assertThat(ConfigFilesShown.unshown(SOUND)).isEmpty();
  }

  @Test
  void aConfigFileNoPageNamesIsListed() {
    assertThat(ConfigFilesShown.unshown(BROKEN)).containsExactly("config/unshown.properties");
  }

  private static DocsTree fixture(String name) {
    try {
      return new DocsTree(Path.of(DocCheckersTest.class.getResource("/doc-fixtures/" + name).toURI()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
