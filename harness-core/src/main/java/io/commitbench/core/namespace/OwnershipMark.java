package io.commitbench.core.namespace;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * commitbench's mark on the tables (and, where the product keeps comments on users, the users) a
 * run creates, kept as the object's comment: which run made it, on which host, in which process,
 * when, and the run's prefixes (which tie its users to it where users carry no mark). A later run
 * that finds the name taken says whose it is; {@code commitbench cleanup} finds the objects by
 * it; an object without it was not created by commitbench and is never dropped.
 *
 * <pre>
 * commitbench run=20250425-143012-postgresql host=lab1 pid=4711 started=2025-04-25T14:30:12Z table.prefix=cb_t user.prefix=cb_u
 * </pre>
 *
 * <p>The text holds letters, digits, spaces and {@code = : . _ -} only, so it goes into SQL
 * without escaping.
 *
 * @param runId the run id (its results folder's name)
 * @param host the host the run ran on
 * @param pid the run's process id on that host
 * @param started when the run started, to the second
 * @param tablePrefix the run's {@code table.prefix}
 * @param userPrefix the run's {@code user.prefix}
 */
public record OwnershipMark(String runId, String host, long pid, Instant started, String tablePrefix,
    String userPrefix) {

  private static final String START = "commitbench run=";

  public OwnershipMark {
    host = safe(host);
    runId = safe(runId);
    started = started.truncatedTo(ChronoUnit.SECONDS);
  }

  /** The mark of a run starting now in this process. */
  public static OwnershipMark ofThisProcess(String runId, Instant started, String tablePrefix, String userPrefix) {
    return new OwnershipMark(runId, localHost(), ProcessHandle.current().pid(), started, tablePrefix, userPrefix);
  }

  /** The comment text. */
  public String text() {
    return START + runId + " host=" + host + " pid=" + pid + " started=" + started + " table.prefix=" + tablePrefix
        + " user.prefix=" + userPrefix;
  }

  /** For messages: {@code commitbench run R (host H, pid P, started T)}. */
  public String describe() {
    return "commitbench run " + runId + " (host " + host + ", pid " + pid + ", started " + started + ")";
  }

  /** The mark in a comment, or empty when the comment is not one of commitbench's. */
  public static Optional<OwnershipMark> parse(String comment) {
    if (comment == null || !comment.startsWith(START)) {
      return Optional.empty();
    }
    Map<String, String> fields = new HashMap<>();
    for (String part : comment.substring("commitbench ".length()).trim().split("\\s+")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        fields.put(part.substring(0, eq), part.substring(eq + 1));
      }
    }
    try {
      return Optional.of(new OwnershipMark(fields.get("run"), fields.get("host"), Long.parseLong(fields.get("pid")),
          Instant.parse(fields.get("started")), fields.getOrDefault("table.prefix", ""),
          fields.getOrDefault("user.prefix", "")));
    } catch (RuntimeException unreadable) {
      return Optional.empty(); // someone else's text that happens to start like ours
    }
  }

  /** This host's name, as a mark holds it. */
  public static String localHost() {
    try {
      return safe(InetAddress.getLocalHost().getHostName());
    } catch (UnknownHostException e) {
      return "unknown";
    }
  }

  /** Only the characters a mark may hold; a name from elsewhere loses the others. */
  private static String safe(String text) {
    String kept = text == null ? "" : text.replaceAll("[^A-Za-z0-9._-]", "");
    return kept.isEmpty() ? "unknown" : kept;
  }
}
