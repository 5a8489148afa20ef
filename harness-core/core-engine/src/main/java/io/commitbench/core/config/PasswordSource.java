package io.commitbench.core.config;

import io.commitbench.core.key.Violation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Reads a password from where the user pointed: an environment variable or the first line of a
 * file, at most one of them. Passwords are never taken as values themselves, so they stay out of
 * parameter files, command lines and shell history. Shared by the parameter file's {@code
 * db.password.env} / {@code db.password.file} and the storage commands' {@code --password-env} /
 * {@code --password-file}; each names its own keys in the problems it is told about.
 *
 * <pre>
 * Secret pw = new PasswordSource("--password-env", "--password-file", System::getenv)
 *     .resolve(Optional.of("ORACLE_PW"), Optional.empty(), problems::add);
 * </pre>
 */
public final class PasswordSource {

  private final String variableKey;
  private final String fileKey;
  private final Function<String, String> environment;

  /**
   * @param variableKey how the user names the variable source in messages, e.g. {@code db.password.env}
   * @param fileKey how the user names the file source in messages, e.g. {@code db.password.file}
   * @param environment looks up environment variables (System::getenv, or a map in tests)
   */
  public PasswordSource(String variableKey, String fileKey, Function<String, String> environment) {
    this.variableKey = variableKey;
    this.fileKey = fileKey;
    this.environment = environment;
  }

  /**
   * The password from the variable or the file given, or {@link Secret#none()} when neither is.
   * A problem (both given, the variable not set, the file unreadable) goes to {@code problems},
   * naming the key and what is allowed but never a password, and {@link Secret#none()} is returned
   * so the caller can go on collecting its other problems.
   */
  public Secret resolve(Optional<String> variable, Optional<String> file, Consumer<Violation> problems) {
    if (variable.isPresent() && file.isPresent()) {
      problems.accept(new Violation(fileKey, file.get(),
          "given together with " + variableKey + "; allowed: one password source, not both"));
      return Secret.none();
    }
    if (variable.isPresent()) {
      String value = environment.apply(variable.get());
      if (value == null) {
        problems.accept(new Violation(variableKey, variable.get(), "environment variable " + variable.get()
            + " is not set; allowed: the name of a set environment variable"));
        return Secret.none();
      }
      return Secret.of(value, "env " + variable.get());
    }
    if (file.isPresent()) {
      try {
        List<String> lines = Files.readAllLines(Path.of(file.get()), StandardCharsets.UTF_8);
        return Secret.of(lines.isEmpty() ? "" : lines.get(0).strip(), "file " + file.get());
      } catch (IOException | RuntimeException e) {
        // Only the exception's type: a message could quote the file's content (a malformed-input error).
        problems.accept(new Violation(fileKey, file.get(), "cannot read it (" + e.getClass().getSimpleName()
            + "); allowed: a readable file whose first line is the password"));
      }
    }
    return Secret.none();
  }
}
