package io.commitbench.core.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * What a database kind's {@code drivers/KIND/image/container.properties} says of its server as a
 * container: the images (the default first, then the further columns of the version matrix),
 * the port, the password variable, the environment and the JDBC URL. The kind's dialect module
 * ships the file as the resource {@link #resource}, so the dialect (its {@code ServerContainer}),
 * the integration tests and {@code scripts/containers/build-images.sh} read one file and the tag
 * is written once.
 *
 * @param kind the kind's name, as {@code db.type} spells it
 * @param images the images, the default first; at least one
 * @param port the server's port inside the container, and a local service's by default
 * @param passwordVariable the variable the image takes the administrator's password from
 * @param environment further variables the image is configured with
 * @param urlFormat the JDBC URL with {@code %s} for the host and {@code %d} for the port
 */
public record ContainerFacts(String kind, List<Image> images, int port, String passwordVariable,
    Map<String, String> environment, String urlFormat) {

  public ContainerFacts {
    images = List.copyOf(images);
    environment = Map.copyOf(environment);
    if (images.isEmpty()) {
      throw new IllegalArgumentException(kind + "'s container facts name no image");
    }
  }

  /**
   * One image of the kind.
   *
   * @param tag the image's name and tag, which no registry is asked for
   * @param builtHere whether build-images.sh builds it (its recipe names a Debian suite)
   */
  public record Image(String tag, boolean builtHere) {}

  /** Where a kind's dialect module ships its container.properties: {@code commitbench/kind/postgresql/container.properties}. */
  public static String resource(String kind) {
    return "commitbench/kind/" + kind + "/container.properties";
  }

  /** The facts of {@code kind} that {@code loader} finds; empty for a kind that ships none (an embedded database). */
  public static Optional<ContainerFacts> of(String kind, ClassLoader loader) {
    try (InputStream in = loader.getResourceAsStream(resource(kind))) {
      if (in == null) {
        return Optional.empty();
      }
      Properties properties = new Properties();
      properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
      return Optional.of(parse(kind, properties));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource(kind), e);
    }
  }

  /** The facts a container.properties holds; a missing key is named in the exception. */
  public static ContainerFacts parse(String kind, Properties properties) {
    List<Image> images = words(required(kind, properties, "images")).stream()
        .map(id -> new Image(required(kind, properties, "image." + id + ".tag"),
            !properties.getProperty("image." + id + ".suite", "").isBlank()))
        .toList();
    Map<String, String> environment = new LinkedHashMap<>();
    for (String pair : words(properties.getProperty("environment", ""))) {
      int equals = pair.indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException(kind + "'s container environment entry '" + pair + "' is not NAME=VALUE");
      }
      environment.put(pair.substring(0, equals), pair.substring(equals + 1));
    }
    String port = required(kind, properties, "port");
    try {
      return new ContainerFacts(kind, images, Integer.parseInt(port), required(kind, properties, "password.variable"),
          environment, required(kind, properties, "url"));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(kind + "'s container port '" + port + "' is not a number", e);
    }
  }

  /** The image a container of this kind starts from unless told otherwise. */
  public String defaultImage() {
    return images.get(0).tag();
  }

  /** The image tags, the default first. */
  public List<String> tags() {
    return images.stream().map(Image::tag).toList();
  }

  /** Whether build-images.sh builds every image of the kind, so the engine is expected to have them. */
  public boolean builtHere() {
    return images.stream().allMatch(Image::builtHere);
  }

  /** The JDBC URL of a server of this kind listening on {@code host}:{@code port}. */
  public String jdbcUrl(String host, int port) {
    return String.format(Locale.ROOT, urlFormat, host, port);
  }

  private static String required(String kind, Properties properties, String key) {
    String value = properties.getProperty(key, "").trim();
    if (value.isEmpty()) {
      throw new IllegalArgumentException(kind + "'s container facts (" + resource(kind) + ") lack " + key);
    }
    return value;
  }

  private static List<String> words(String text) {
    return text.isBlank() ? List.of() : Arrays.asList(text.trim().split("\\s+"));
  }
}
