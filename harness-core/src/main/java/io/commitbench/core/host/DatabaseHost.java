package io.commitbench.core.host;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether the database of a JDBC URL runs on this host, so that paths it reports (its WAL or redo
 * directory) are paths of this host. Decided from the URL alone, without DNS: this host when the
 * URL names no host (embedded, or the driver's local default), connects through a unix socket, or
 * names only loopback addresses, {@code localhost}, this host's name or one of its interface
 * addresses.
 *
 * <p>A container on this host whose port is published on localhost counts as this host, though
 * its paths are inside the container; callers check that a reported path exists here.
 *
 * @param host the host as the URL names it (the first one that is not this host, when several)
 * @param thisHost whether the database runs on this host
 * @param explanation why, one clause: {@code 127.0.0.1 is a loopback address}
 */
public record DatabaseHost(String host, boolean thisHost, String explanation) {

  private static final Pattern HOST_PARAMETER = Pattern.compile("\\(\\s*host\\s*=\\s*([^)\\s]+)\\s*\\)",
      Pattern.CASE_INSENSITIVE);
  /** MariaDB/MySQL {@code localSocket}/{@code unixSocket}; pgjdbc with a junixsocket factory. */
  private static final Pattern UNIX_SOCKET = Pattern.compile(
      "[?&;](localSocket|unixSocket)=|[?&;]socketFactory=[^&;]*unix|[?&;]socketFactoryArg=/", Pattern.CASE_INSENSITIVE);

  /** Decides for this host, knowing its name and interface addresses. */
  public static DatabaseHost of(String jdbcUrl) {
    return of(jdbcUrl, localNames());
  }

  /**
   * @param localNames lower-case names and literal addresses of this host besides loopback ones
   */
  static DatabaseHost of(String jdbcUrl, Set<String> localNames) {
    if (UNIX_SOCKET.matcher(jdbcUrl).find()) {
      return new DatabaseHost("", true, "the JDBC URL connects through a unix socket");
    }
    List<String> hosts = hosts(jdbcUrl);
    if (hosts == null) {
      String alias = jdbcUrl.substring(jdbcUrl.indexOf('@') + 1);
      return new DatabaseHost(alias, false, "the JDBC URL names no host but '" + alias
          + "' (a TNS alias?), so whether the database runs on this host is not known");
    }
    if (hosts.isEmpty()) {
      return new DatabaseHost("", true, "the JDBC URL names no host (an embedded database or the driver's local default)");
    }
    for (String host : hosts) {
      if (!isLocal(host, localNames)) {
        return new DatabaseHost(host, false, "database host " + host + " is not this host");
      }
    }
    String host = hosts.get(0);
    return new DatabaseHost(host, true, host + (isLoopback(host) ? " is a loopback address" : " is this host"));
  }

  /** The hosts the URL names; empty for none; null for an Oracle-style {@code @alias}. */
  static List<String> hosts(String url) {
    List<String> hosts = new ArrayList<>();
    Matcher parameter = HOST_PARAMETER.matcher(url);
    while (parameter.find()) {
      hosts.add(parameter.group(1));
    }
    if (!hosts.isEmpty()) {
      return hosts;
    }
    String body = url.replaceFirst("[?;].*$", "");
    int slashes = indexOfAuthority(body);
    if (slashes >= 0) {
      String authority = body.substring(slashes + 2).replaceFirst("/.*$", "");
      for (String entry : authority.split(",")) {
        String host = entry.startsWith("[") ? entry.substring(1, Math.max(1, entry.indexOf(']')))
            : entry.replaceFirst(":.*$", "");
        hosts.add(host.isEmpty() ? "localhost" : host);
      }
      return hosts;
    }
    int at = body.indexOf('@');
    if (at >= 0) {
      String rest = body.substring(at + 1);
      if (!rest.contains(":") && !rest.contains("/")) {
        return null;
      }
      hosts.add(rest.replaceFirst("[:/].*$", ""));
    }
    return hosts;
  }

  /** Where {@code //} starts an authority: right after {@code :} or {@code @}. */
  private static int indexOfAuthority(String body) {
    for (int i = body.indexOf("//"); i > 0; i = body.indexOf("//", i + 1)) {
      char before = body.charAt(i - 1);
      if (before == ':' || before == '@') {
        return i;
      }
    }
    return -1;
  }

  private static boolean isLocal(String host, Set<String> localNames) {
    return isLoopback(host) || localNames.contains(host.toLowerCase(Locale.ROOT));
  }

  private static boolean isLoopback(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    return h.equals("localhost") || h.endsWith(".localhost") || h.equals("localhost.localdomain")
        || h.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1");
  }

  /** This host's name and the literal addresses of its interfaces; no name lookups. */
  private static Set<String> localNames() {
    Set<String> names = new HashSet<>();
    try {
      names.add(Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).trim()
          .toLowerCase(Locale.ROOT));
    } catch (IOException e) {
      // Not Linux: the interface addresses still count.
    }
    try {
      for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        for (InetAddress address : Collections.list(nic.getInetAddresses())) {
          String literal = address.getHostAddress();
          int zone = literal.indexOf('%');
          names.add((zone < 0 ? literal : literal.substring(0, zone)).toLowerCase(Locale.ROOT));
        }
      }
    } catch (SocketException e) {
      // No interface list: only loopback names count as this host.
    }
    return names;
  }
}
