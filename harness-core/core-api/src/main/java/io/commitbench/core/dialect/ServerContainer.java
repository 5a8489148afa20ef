package io.commitbench.core.dialect;

import java.util.Locale;
import java.util.Map;

/**
 * How a dialect's server runs as a throwaway container for a quick trial ({@code commitbench
 * container start}): the image, the port it listens on inside, the administrator it creates, and
 * the environment that configures it. The password is never part of it: the caller generates one
 * and passes it in {@link #passwordVariable}, so it never appears on a command line.
 *
 * @param image the default image (a tag the engine has already: no registry is assumed)
 * @param port the server's port inside the container
 * @param user the administrator the image creates, who may create tables and users
 * @param passwordVariable the variable the image takes the administrator's password from
 * @param environment further variables (the database to create)
 * @param urlFormat the JDBC URL with {@code %s} for the host and {@code %d} for the published port
 */
public record ServerContainer(String image, int port, String user, String passwordVariable,
    Map<String, String> environment, String urlFormat) {

  public ServerContainer {
    environment = Map.copyOf(environment);
  }

  /** The JDBC URL of the container's server, published on {@code host}:{@code hostPort}. */
  public String jdbcUrl(String host, int hostPort) {
    return String.format(Locale.ROOT, urlFormat, host, hostPort);
  }
}
