package io.commitbench.core.host;

import io.commitbench.core.dialect.UrlHosts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether the database of a JDBC URL runs on this host, so that paths it reports (its WAL or redo
 * directory) are paths of this host. Decided from what the URL's dialect reads in it ({@link
 * UrlHosts}: every product writes hosts its own way), without DNS: this host when the URL names no
 * host (embedded, or the driver's local default), connects through a unix socket, or names only
 * loopback addresses, {@code localhost}, this host's name or one of its interface addresses.
 *
 * <p>A container on this host whose port is published on localhost counts as this host, though
 * its paths are inside the container; callers check that a reported path exists here.
 *
 * @param host the host as the URL names it (the first one that is not this host, when several)
 * @param thisHost whether the database runs on this host
 * @param explanation why, one clause: {@code 127.0.0.1 is a loopback address}
 */
public record DatabaseHost(String host, boolean thisHost, String explanation) {

  /** Decides for this host, knowing its name and interface addresses. */
  public static DatabaseHost of(UrlHosts where) {
    return of(where, localNames());
  }

  /**
   * @param localNames lower-case names and literal addresses of this host besides loopback ones
   */
  public static DatabaseHost of(UrlHosts where, Set<String> localNames) {
    switch (where.via()) {
      case UNIX_SOCKET:
        return new DatabaseHost("", true, "the JDBC URL connects through a unix socket");
      case ALIAS:
        String alias = where.names().get(0);
        return new DatabaseHost(alias, false, "the JDBC URL names no host but '" + alias
            + "' (a TNS alias?), so whether the database runs on this host is not known");
      default:
        break;
    }
    List<String> hosts = where.names();
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
