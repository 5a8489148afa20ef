package io.commitbench.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Headings' anchors as GitHub makes them. */
class GitHubSlugsTest {

  @Test
  void lowerCasesKeepsLettersDigitsHyphensUnderscoresAndTurnsSpacesIntoHyphens() {
    assertThat(GitHubSlugs.slug("Warm-up")).isEqualTo("warm-up");
    assertThat(GitHubSlugs.slug("runs=N and groups")).isEqualTo("runsn-and-groups");
    assertThat(GitHubSlugs.slug("Compare your log on HDD against SSD")).isEqualTo("compare-your-log-on-hdd-against-ssd");
    assertThat(GitHubSlugs.slug("What's a run? (and why)")).isEqualTo("whats-a-run-and-why");
    assertThat(GitHubSlugs.slug("snake_case & more")).isEqualTo("snake_case--more");
    assertThat(GitHubSlugs.slug("Größe, 2 µs")).isEqualTo("größe-2-µs");
  }

  @Test
  void aRepeatedSlugIsNumberedFromOne() {
    GitHubSlugs slugs = new GitHubSlugs();
    assertThat(slugs.next("Notes")).isEqualTo("notes");
    assertThat(slugs.next("Notes")).isEqualTo("notes-1");
    assertThat(slugs.next("notes")).isEqualTo("notes-2");
    assertThat(slugs.next("Notes-1")).isEqualTo("notes-1-1");
  }

  @Test
  void aHeadingsCodeSpansLinksAndEmphasisGiveTheirTextOnly() {
    MarkdownPage page = MarkdownPage.parse("""
        # `runs=N` and [groups](results.md#groups) *in* **short**

        Setext heading
        ==============

        ## <a id="explicit"></a>With an anchor
        """);
    assertThat(page.anchors()).containsExactlyInAnyOrder("runsn-and-groups-in-short", "setext-heading", "explicit",
        "with-an-anchor");
  }
}
