package io.commitbench.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files of the commitbench repository the tests use as shipped: the example parameter files and
 * the shaded jar. The root comes from the system property {@code commitbench.repository} (set by
 * the module's failsafe configuration), else two folders above the working directory.
 */
public final class Repository {

  private Repository() {}

  public static Path root() {
    String configured = System.getProperty("commitbench.repository");
    return (configured != null ? Path.of(configured) : Path.of("../..")).toAbsolutePath().normalize();
  }

  /** A file that must exist, e.g. {@code config/paper.properties}. */
  public static Path file(String relative) {
    Path file = root().resolve(relative);
    assertThat(file).as("%s of the repository (commitbench.repository=%s)", relative, root()).isRegularFile();
    return file;
  }

  /**
   * {@code harness-cli/target/commitbench.jar}; failsafe runs after {@code package}, so it
   * exists in {@code mvn verify}.
   */
  public static Path jar() {
    Path jar = root().resolve("harness-cli/target/commitbench.jar");
    assertThat(Files.isRegularFile(jar)).as("%s exists (build harness-cli first: mvn -pl harness-cli -am package)", jar)
        .isTrue();
    return jar;
  }
}
