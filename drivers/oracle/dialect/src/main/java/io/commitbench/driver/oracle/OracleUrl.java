package io.commitbench.driver.oracle;

import io.commitbench.core.dialect.UrlAuthority;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an Oracle JDBC URL says before its {@code @} (a user and a password) and the ports after
 * it, in the forms ojdbc reads: {@code jdbc:oracle:thin:[user[/password]]@} followed by EZConnect
 * {@code [//]host[:port][/service]}, the old {@code host:port:sid}, a TNS alias, or a descriptor
 * {@code (DESCRIPTION=...(PORT=n)...)}.
 *
 * <pre>
 * OracleUrl.password("jdbc:oracle:thin:scott/tiger@//db:1521/FREEPDB1"); // user/password@ before the address
 * </pre>
 */
final class OracleUrl {

  /** The driver type and what precedes the last '@' (a quoted password may hold one). */
  private static final Pattern LOGIN = Pattern.compile("^jdbc:oracle:[a-z0-9]+:(.*)@");
  private static final Pattern DESCRIPTOR_PORT = Pattern.compile("\\(\\s*PORT\\s*=\\s*([^)]*?)\\s*\\)",
      Pattern.CASE_INSENSITIVE);
  /** EZConnect's or the old form's host and port: a bracketed IPv6 address or a name, then ':port'. */
  private static final Pattern HOST_PORT = Pattern.compile("^(\\[[^]]*]|[^:/?]*)(?::([^:/?]*))?");

  private OracleUrl() {}

  /** {@code user/password@}, with a password that is not empty ({@code /@alias} is a wallet login). */
  static Optional<String> password(String jdbcUrl) {
    Matcher login = LOGIN.matcher(jdbcUrl);
    if (login.find()) {
      int slash = login.group(1).indexOf('/');
      if (slash >= 0 && slash < login.group(1).length() - 1) {
        return Optional.of("user/password@ before the address");
      }
    }
    return Optional.empty();
  }

  /** The first port that is not a port number, in a descriptor or after the host. */
  static Optional<String> portProblem(String jdbcUrl) {
    int at = jdbcUrl.lastIndexOf('@');
    if (at < 0) {
      return Optional.empty();
    }
    String address = jdbcUrl.substring(at + 1);
    if (address.startsWith("(")) {
      Matcher port = DESCRIPTOR_PORT.matcher(address);
      while (port.find()) {
        Optional<String> problem = UrlAuthority.portProblem("(PORT=...) of the descriptor", port.group(1));
        if (problem.isPresent()) {
          return problem;
        }
      }
      return Optional.empty();
    }
    if (address.startsWith("config-")) {
      return Optional.empty(); // a configuration provider's location, no host and port
    }
    // EZConnect's optional protocol (tcp://, tcps://) or bare // precedes the host.
    Matcher hostPort = HOST_PORT.matcher(address.replaceFirst("^(?:[A-Za-z][A-Za-z0-9]*:)?//", ""));
    return hostPort.find() && hostPort.group(2) != null ? UrlAuthority.portProblem(hostPort.group(1), hostPort.group(2))
        : Optional.empty();
  }
}
