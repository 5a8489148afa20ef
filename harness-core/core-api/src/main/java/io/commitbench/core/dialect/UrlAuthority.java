package io.commitbench.core.dialect;

import java.util.List;
import java.util.Optional;

/**
 * The part of a JDBC URL written the way a URI writes its authority,
 * {@code //[user[:password]@]host[:port][,host[:port]...]}, up to the next {@code /}, {@code ?} or
 * {@code ;}. PostgreSQL, MariaDB and H2's server mode name their hosts so; their dialects use it
 * to find a password and a malformed port before anything connects, where the driver would
 * refuse the URL only when connecting, quoting it in its message.
 *
 * <pre>
 * UrlAuthority.parse("//bench:pw@db:abc/test").get().portProblem(); // port 'abc' of db is not a number ...
 * </pre>
 *
 * @param userInfo what comes before the last {@code @}, empty when nothing does
 * @param hosts the comma-separated entries, each {@code host}, {@code host:port} or {@code [v6]:port}
 */
public record UrlAuthority(String userInfo, List<String> hosts) {

  private static final int MAX_PORT = 65535;

  /** The authority at the start of {@code text}; empty when {@code text} does not start with {@code //}. */
  public static Optional<UrlAuthority> parse(String text) {
    if (!text.startsWith("//")) {
      return Optional.empty();
    }
    String authority = text.substring(2).split("[/?;]", 2)[0];
    int at = authority.lastIndexOf('@');
    String hostList = authority.substring(at + 1);
    return Optional.of(new UrlAuthority(at < 0 ? "" : authority.substring(0, at),
        hostList.isEmpty() ? List.of() : List.of(hostList.split(",", -1))));
  }

  /**
   * Where a password is written before the host ({@code user:password@}), said for {@link
   * Dialect#passwordInUrl}; empty when none is.
   */
  public Optional<String> password() {
    return userInfo.indexOf(':') >= 0 ? Optional.of("user:password@ before the host") : Optional.empty();
  }

  /**
   * The first port that is not a number from 1 to 65535, said as "what is wrong; allowed: what
   * is", or empty. Entries in a product's own syntax, such as MariaDB's {@code
   * address=(host=...)(port=...)}, are not judged here.
   */
  public Optional<String> portProblem() {
    for (String entry : hosts) {
      if (entry.contains("(")) {
        continue;
      }
      int close = entry.startsWith("[") ? entry.indexOf(']') : -1;
      int colon = entry.indexOf(':', Math.max(close, 0));
      if (colon < 0) {
        continue;
      }
      Optional<String> problem = portProblem(entry.substring(0, colon), entry.substring(colon + 1));
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  /** Whether {@code port}, written for {@code host}, is a port number; for syntaxes of a product's own. */
  public static Optional<String> portProblem(String host, String port) {
    if (port.matches("[0-9]{1,5}") && Integer.parseInt(port) >= 1 && Integer.parseInt(port) <= MAX_PORT) {
      return Optional.empty();
    }
    return Optional.of("port '" + port + "' of host " + host + " is not a port number;"
        + " allowed: a whole number from 1 to " + MAX_PORT + " after the host's ':', or no ':' for the default port");
  }
}
