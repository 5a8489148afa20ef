package io.commitbench.cli.reference;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.key.Key;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadRegistry;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/keys.md: every key the binder accepts, under the headings other pages link to. */
class KeysPageTest {

  private static final Pattern KEY_ROW = Pattern.compile("^\\| `([^`]+)` \\|", Pattern.MULTILINE);
  private static final Pattern SAME_AS = Pattern.compile("Its keys are those of \\[`([^`]+)`\\]");

  @Test
  void eachWorkloadsSectionsHoldExactlyTheKeysTheBinderAcceptsForIt() {
    Map<String, String> sections = sections(KeysPage.fromClassPath().render());
    ConfigBinder binder = new ConfigBinder(DialectRegistry.load(), name -> null);

    for (Workload workload : WorkloadRegistry.load().all()) {
      String own = sections.get(KeysPage.workloadHeading(workload.name()));
      assertThat(own).as("the section of workload " + workload.name()).isNotNull();
      Matcher same = SAME_AS.matcher(own);
      String table = same.find() ? sections.get(KeysPage.workloadHeading(same.group(1))) : own;
      Set<String> documented = new LinkedHashSet<>();
      documented.addAll(keyNames(sections.get(KeysPage.ENGINE_HEADING)));
      documented.addAll(keyNames(sections.getOrDefault(KeysPage.COMPANION_HEADING, "")));
      documented.addAll(keyNames(table));

      assertThat(documented).as(workload.name())
          .containsExactlyInAnyOrderElementsOf(binder.keys(Optional.of(workload)).stream().map(Key::name).toList());
    }
  }

  @Test
  void theHeadingsGiveTheAnchorsOtherPagesLinkTo() {
    String page = KeysPage.fromClassPath().render();

    assertThat(page).contains("\n## Engine keys\n", "\n## Workload paper\n", "\n## Workload oltp_read_write\n",
        "\n## Workload percona-ro\n", "\n## Workload commit\n", "\n## Workload index\n");
    assertThat(Markdown.anchor(KeysPage.ENGINE_HEADING)).isEqualTo("engine-keys");
    assertThat(Markdown.anchor(KeysPage.workloadHeading("oltp_read_write"))).isEqualTo("workload-oltp_read_write");
    assertThat(Markdown.anchor(KeysPage.workloadHeading("percona-ro"))).isEqualTo("workload-percona-ro");
  }

  @Test
  void aWorkloadWithTheKeysOfAnEarlierOneLinksToItsTableAndAPipeInACellIsEscaped() {
    List<Key> keys = List.of(Key.choice("fake.mode", "a", List.of("a", "b"), "Either a|b, or <none>."));
    String page = new KeysPage(List.of(Key.bool("cleanup", true, "Drops what the run made.")), List.of(),
        List.of(new FakeWorkload("alpha", keys), new FakeWorkload("beta", keys))).render();

    Map<String, String> sections = sections(page);
    assertThat(sections.get("Workload alpha")).contains("| `fake.mode` | `a` | one of a, b | Either a\\|b, or \\<none\\>. |");
    assertThat(sections.get("Workload beta")).contains("Its keys are those of [`alpha`](#workload-alpha)")
        .doesNotContain("| `fake.mode`");
    assertThat(sections).doesNotContainKey(KeysPage.COMPANION_HEADING);
    page.lines().filter(l -> l.startsWith("| ")).forEach(row ->
        assertThat(row.replace("\\|", "").chars().filter(c -> c == '|').count()).as(row).isIn(3L, 5L));
  }

  /** The page's sections by heading (without "## "), each up to the next heading. */
  static Map<String, String> sections(String page) {
    Map<String, String> sections = new LinkedHashMap<>();
    String[] parts = page.split("\n## ");
    for (int i = 1; i < parts.length; i++) {
      int end = parts[i].indexOf('\n');
      sections.put(parts[i].substring(0, end), parts[i].substring(end + 1));
    }
    return sections;
  }

  private static List<String> keyNames(String section) {
    return KEY_ROW.matcher(section).results().map(m -> m.group(1)).toList();
  }

  private record FakeWorkload(String name, List<Key> keys) implements Workload {
    @Override
    public String description() {
      return "a workload of the test";
    }

    @Override
    public boolean runsInCycles() {
      return false;
    }

    @Override
    public BoundWorkload bind(WorkloadSettings settings) {
      throw new UnsupportedOperationException();
    }
  }
}
