package io.commitbench.cli;

import io.commitbench.core.config.PasswordSource;
import io.commitbench.core.key.Redaction;
import io.commitbench.core.config.Secret;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.key.EchoedValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --user} and where its password is: for a server the agent connects to itself. The
 * password is never an option's value, only the name of a variable or a file holding it, so it
 * stays out of shell history and process lists.
 */
final class ServerLoginOptions {

  static final String USER = "--user";
  static final String PASSWORD_ENV = "--password-env";
  static final String PASSWORD_FILE = "--password-file";
  /** Every option of the login, for refusing them where no connection is made. */
  static final List<String> NAMES = List.of(USER, PASSWORD_ENV, PASSWORD_FILE);

  @Option(names = USER, paramLabel = "USER", description = "the database user to connect as")
  String user;

  @Option(names = PASSWORD_ENV, paramLabel = "VAR", description = "environment variable holding USER's password")
  String passwordEnv;

  @Option(names = PASSWORD_FILE, paramLabel = "FILE", description = "file whose first line is USER's password")
  String passwordFile;

  /**
   * The login, checked before any connection is tried: a user, exactly one readable password
   * source, and a URL without settings that make the driver run code (as its dialect names them;
   * there is no db.url.trusted here: the agent connects with what the URL says alone). Every
   * problem is bad input naming the option and what is allowed, never the password.
   *
   * @param url the server it is for, named in the messages (with any password in it masked)
   * @param userHint which user is wanted, e.g. the privileges it must hold
   */
  ServerLogin resolve(CommandLine commandLine, String url, String userHint) {
    List<String> problems = new ArrayList<>();
    String server = Redaction.url(url);
    DialectRegistry.load().forUrl(url).ifPresent(dialect -> dialect.unsafeUrlSettings(url).forEach(setting ->
        problems.add("--url " + EchoedValue.of(server) + ": sets " + setting.name() + ", which " + setting.effect()
            + "; allowed: a URL without " + setting.name())));
    if (user == null || user.isBlank()) {
      problems.add(USER + " is missing; required to connect to " + server + ": give " + userHint);
    }
    if (passwordEnv == null && passwordFile == null) {
      problems.add(PASSWORD_ENV + " or " + PASSWORD_FILE + " is missing; required to connect to " + server
          + ": give the name of an environment variable, or a file whose first line is the password"
          + " (never the password itself)");
    }
    Secret password = new PasswordSource(PASSWORD_ENV, PASSWORD_FILE, System::getenv)
        .resolve(Optional.ofNullable(passwordEnv), Optional.ofNullable(passwordFile),
            violation -> problems.add(violation.toString())); // "--password-env=VAR: …", never the password
    if (!problems.isEmpty()) {
      throw new ParameterException(commandLine, String.join(System.lineSeparator(), problems));
    }
    return new ServerLogin(user, password);
  }
}
