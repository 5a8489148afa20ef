package io.commitbench.core.dialect;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a JDBC URL says its database runs, as the URL's dialect reads it ({@link
 * Dialect#hosts}): the hosts it names (none for an embedded database or the driver's local
 * default), a unix socket, or only an alias that names no host. Whether that is this host is
 * decided elsewhere ({@code DatabaseHost}), the same for every kind. Immutable.
 *
 * @param via how the URL reaches the database
 * @param names the hosts in the order written (for {@link Via#HOSTS}), or the alias (one, for {@link Via#ALIAS})
 */
public record UrlHosts(Via via, List<String> names) {

  /** How a URL reaches its database. */
  public enum Via { HOSTS, UNIX_SOCKET, ALIAS }

  /** {@code (host=name)}, as a parenthesised key-value list writes a host, in any case. */
  private static final Pattern HOST_PARAMETER = Pattern.compile("\\(\\s*host\\s*=\\s*([^)\\s]+)\\s*\\)",
      Pattern.CASE_INSENSITIVE);

  public UrlHosts {
    names = List.copyOf(names);
  }

  /** The hosts named, in order; empty for none. */
  public static UrlHosts of(List<String> hosts) {
    return new UrlHosts(Via.HOSTS, hosts);
  }

  /** The URL connects through a unix socket. */
  public static UrlHosts unixSocket() {
    return new UrlHosts(Via.UNIX_SOCKET, List.of());
  }

  /** The URL names only {@code alias}, which is no host (a name service resolves it). */
  public static UrlHosts alias(String alias) {
    return new UrlHosts(Via.ALIAS, List.of(alias));
  }

  /** The hosts of an authority, ports and IPv6 brackets removed; an empty host is the driver's default, localhost. */
  public static UrlHosts of(UrlAuthority authority) {
    return of(authority.hosts().stream().map(UrlHosts::hostOf).toList());
  }

  /**
   * The hosts written as {@code (host=name)} anywhere in {@code url}, for products whose URLs
   * take such key-value lists; empty when there is none.
   */
  public static List<String> hostParameters(String url) {
    Matcher parameter = HOST_PARAMETER.matcher(url);
    List<String> hosts = new java.util.ArrayList<>();
    while (parameter.find()) {
      hosts.add(parameter.group(1));
    }
    return List.copyOf(hosts);
  }

  private static String hostOf(String entry) {
    String host = entry.startsWith("[") ? entry.substring(1, Math.max(1, entry.indexOf(']')))
        : entry.replaceFirst(":.*$", "");
    return host.isEmpty() ? "localhost" : host;
  }
}
