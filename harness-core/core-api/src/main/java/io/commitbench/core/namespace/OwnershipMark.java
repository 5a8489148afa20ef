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
 * run or {@code prepare} creates, kept as the object's comment: which run made it, for which
 * owner, on which host, as which OS user, in which process, when, and the run's prefixes (which
 * tie its users to it where users carry no mark). A later run that finds the name taken says
 * whose it is; {@code commitbench cleanup} finds the objects by it and drops only its caller's
 * own; an object without it was not created by commitbench and is never dropped.
 *
 * <pre>
 * commitbench run=20250425-143012-postgresql owner=alice@lab1 host=lab1 os.user=alice pid=4711 started=2025-04-25T14:30:12Z table.prefix=cb_t user.prefix=cb_u
 * </pre>
 *
 * <p>Marks written before owners were recorded have no {@code owner} and no {@code os.user}: they
 * are read with the owner unknown. The text holds letters, digits, spaces and {@code = : . _ - @}
 * only, so it goes into SQL without escaping.
 *
 * @param runId the run id (its results folder's name)
 * @param owner the {@code owner} key of the run; empty when the mark names none
 * @param host the host the run ran on
 * @param osUser the OS user that ran it ({@code unknown} when the mark names none)
 * @param pid the run's process id on that host
 * @param started when the run started, to the second
 * @param tablePrefix the run's {@code table.prefix}
 * @param userPrefix the run's {@code user.prefix}
 */
public record OwnershipMark(String runId, Optional<String> owner, String host, String osUser, long pid,
    Instant started, String tablePrefix, String userPrefix) {

  private static final String START = "commitbench run=";
  /** Ends the mark of a table while its rows are loaded; see {@link #loadingText}. */
  private static final String LOADING = " load=incomplete";

  public OwnershipMark {
    owner.ifPresent(o -> {
      if (!Owner.valid(o)) {
        throw new IllegalArgumentException("owner " + o + ": allowed: " + Owner.ALLOWED);
      }
    });
    host = safe(host);
    osUser = safe(osUser);
    runId = safe(runId);
    started = started.truncatedTo(ChronoUnit.SECONDS);
  }

  /** The mark of a run starting now in this process, for {@code owner}. */
  public static OwnershipMark ofThisProcess(String runId, String owner, Instant started, String tablePrefix,
      String userPrefix) {
    return new OwnershipMark(runId, Optional.of(owner), localHost(), localUser(), ProcessHandle.current().pid(),
        started, tablePrefix, userPrefix);
  }

  /** The comment text. */
  public String text() {
    return START + runId + owner.map(o -> " owner=" + o + " host=" + host + " os.user=" + osUser)
        .orElse(" host=" + host) + " pid=" + pid + " started=" + started + " table.prefix=" + tablePrefix
        + " user.prefix=" + userPrefix;
  }

  /**
   * The comment of a table while its rows are loaded: the {@link #text} and {@code load=incomplete},
   * which the plain text replaces once the load finished. A table killed or stopped in its load
   * keeps it, so {@code load=reuse} refuses it and {@code commitbench cleanup} says so.
   */
  public String loadingText() {
    return text() + LOADING;
  }

  /** Whether a comment is commitbench's mark of a table whose load did not finish. */
  public static boolean loadIncomplete(String comment) {
    return comment != null && comment.startsWith(START) && comment.trim().endsWith(LOADING.trim());
  }

  /** Whether the mark names this owner; a mark without an owner names none. */
  public boolean ownedBy(String someone) {
    return owner.map(someone::equals).orElse(false);
  }

  /** The owner for messages: its name, or {@code unknown}. */
  public String ownerShown() {
    return owner.orElse("unknown");
  }

  /**
   * For messages: {@code commitbench run R (owner O, host H, os user U, pid P, started T)}; a mark
   * without an owner reads {@code (owner unknown, host H, pid P, started T)}.
   */
  public String describe() {
    return "commitbench run " + runId + " (owner " + ownerShown() + ", host " + host
        + (owner.isPresent() ? ", os user " + osUser : "") + ", pid " + pid + ", started " + started + ")";
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
      // An owner the mark cannot have been written with is no owner to act for.
      Optional<String> owner = Optional.ofNullable(fields.get("owner")).filter(Owner::valid);
      return Optional.of(new OwnershipMark(fields.get("run"), owner, fields.get("host"), fields.get("os.user"),
          Long.parseLong(fields.get("pid")), Instant.parse(fields.get("started")),
          fields.getOrDefault("table.prefix", ""), fields.getOrDefault("user.prefix", "")));
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

  /** The OS user this process runs as, as a mark holds it. */
  public static String localUser() {
    return safe(System.getProperty("user.name"));
  }

  /** Only the characters a mark may hold; a name from elsewhere loses the others. */
  private static String safe(String text) {
    String kept = text == null ? "" : text.replaceAll("[^A-Za-z0-9._-]", "");
    return kept.isEmpty() ? "unknown" : kept;
  }
}
