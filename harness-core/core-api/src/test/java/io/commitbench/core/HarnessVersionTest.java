package io.commitbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The version resource as this build wrote it: a commit id when built in a git working tree,
 * else the documented "unknown (built outside git)", never an unexpanded placeholder.
 */
class HarnessVersionTest {

  @Test
  void versionIsTheProjectVersion() {
    assertThat(HarnessVersion.get()).doesNotStartWith("unknown").doesNotContain("${");
  }

  @Test
  void commitIsAnIdOrSaysItIsUnknown() {
    String commit = HarnessVersion.commit();
    assertThat(commit).doesNotContain("${");
    if (HarnessVersion.commitId().isPresent()) {
      assertThat(HarnessVersion.commitId().get()).matches("[0-9a-f]{40}");
      assertThat(commit).startsWith(HarnessVersion.commitId().get());
      assertThat(HarnessVersion.uncommittedChanges()).isPresent();
    } else {
      assertThat(commit).isEqualTo(HarnessVersion.COMMIT_UNKNOWN);
    }
    System.out.println("[commitbench-test] built from commit: " + commit);
  }
}
