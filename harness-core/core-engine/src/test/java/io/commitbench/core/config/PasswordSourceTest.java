package io.commitbench.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.key.Violation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The password sources under the keys a command line names them by (the parameter file's are in ConfigBinderTest). */
class PasswordSourceTest {

  private static final String PASSWORD = "s3cret-from-a-test";

  private final List<Violation> problems = new ArrayList<>();
  private final PasswordSource source = new PasswordSource("--password-env", "--password-file",
      Map.of("ORACLE_PW", PASSWORD)::get);

  @Test
  void fromAVariableNamingItsOriginOnly() {
    Secret secret = source.resolve(Optional.of("ORACLE_PW"), Optional.empty(), problems::add);

    assertThat(problems).isEmpty();
    assertThat(secret.reveal()).isEqualTo(PASSWORD);
    assertThat(secret.origin()).isEqualTo("env ORACLE_PW");
  }

  @Test
  void fromAFileItsFirstLineStripped(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("pw"), " " + PASSWORD + " \nnext\n", StandardCharsets.UTF_8);

    Secret secret = source.resolve(Optional.empty(), Optional.of(file.toString()), problems::add);

    assertThat(problems).isEmpty();
    assertThat(secret.reveal()).isEqualTo(PASSWORD);
    assertThat(secret.origin()).isEqualTo("file " + file);
  }

  @Test
  void neitherIsNoPassword() {
    assertThat(source.resolve(Optional.empty(), Optional.empty(), problems::add)).isSameAs(Secret.none());
    assertThat(problems).isEmpty();
  }

  @Test
  void problemsNameTheCallersKeysAndWhatIsAllowed(@TempDir Path dir) {
    String absent = dir.resolve("absent").toString();

    source.resolve(Optional.of("ORACLE_PW"), Optional.of(absent), problems::add);
    source.resolve(Optional.of("NOT_SET"), Optional.empty(), problems::add);
    source.resolve(Optional.empty(), Optional.of(absent), problems::add);

    assertThat(problems).extracting(Violation::toString).containsExactly(
        "--password-file=" + absent + ": given together with --password-env; allowed: one password source, not both",
        "--password-env=NOT_SET: environment variable NOT_SET is not set; allowed: the name of a set environment variable",
        "--password-file=" + absent + ": cannot read it (NoSuchFileException);"
            + " allowed: a readable file whose first line is the password");
    assertThat(problems).extracting(Violation::toString).noneMatch(p -> p.contains(PASSWORD));
  }
}
