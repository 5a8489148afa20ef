package io.commitbench.core;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.Properties;

/**
 * The commitbench version and the git commit it was built from, as Maven wrote them into {@code
 * commitbench-version.properties} (the commit through git-commit-id-maven-plugin).
 */
public final class HarnessVersion {

  /** What {@link #commit()} says for a build from a tree without {@code .git}. */
  public static final String COMMIT_UNKNOWN = "unknown (built outside git)";

  private static final Properties PROPERTIES = new Properties();
  private static final String LOAD_PROBLEM = load();

  private HarnessVersion() {}

  public static String get() {
    if (LOAD_PROBLEM != null) {
      return "unknown (" + LOAD_PROBLEM + ")";
    }
    return PROPERTIES.getProperty("version", "unknown");
  }

  /** The full commit id, when the build ran in a git working tree. */
  public static Optional<String> commitId() {
    return expanded("commit").filter(id -> id.matches("[0-9a-f]{7,64}"));
  }

  /**
   * Whether the working tree had changes that were not committed when the jar was built (then
   * the commit alone does not say what code ran); empty when not known.
   */
  public static Optional<Boolean> uncommittedChanges() {
    return expanded("commit.dirty").map(Boolean::parseBoolean);
  }

  /**
   * One line: {@code 0123abc... } , {@code 0123abc... (with uncommitted changes)}, or {@link
   * #COMMIT_UNKNOWN}.
   */
  public static String commit() {
    return commitId()
        .map(id -> uncommittedChanges().orElse(false) ? id + " (with uncommitted changes)" : id)
        .orElse(COMMIT_UNKNOWN);
  }

  /** A property Maven filled in; empty when blank or left as an unexpanded placeholder. */
  private static Optional<String> expanded(String key) {
    String value = PROPERTIES.getProperty(key, "").trim();
    return value.isEmpty() || value.startsWith("${") ? Optional.empty() : Optional.of(value);
  }

  private static String load() {
    try (InputStream in = HarnessVersion.class.getResourceAsStream("/commitbench-version.properties")) {
      if (in == null) {
        return "no version resource";
      }
      PROPERTIES.load(in);
      return null;
    } catch (IOException e) {
      return e.getMessage();
    }
  }
}
