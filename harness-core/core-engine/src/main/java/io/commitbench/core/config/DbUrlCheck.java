package io.commitbench.core.config;

import io.commitbench.core.key.Redaction;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.Violation;
import java.util.ArrayList;
import java.util.List;

/**
 * db.url as the dialect whose URL it is judges it, before anything runs: a password inside it
 * (refused: the driver would use it for every login, each actor's own included, and errors show
 * the URL), settings that make the driver run code (refused unless db.url.trusted=true: a
 * parameter file is data) and what the driver would refuse only when connecting, such as a port
 * that is not a number. The URL's own dialect judges even when db.type names another one, so that both
 * problems are reported in one go. The URL is shown masked.
 */
final class DbUrlCheck {

  private DbUrlCheck() {}

  /** @param trusted whether db.url.trusted allows settings that run code */
  static List<Violation> violations(DialectRegistry dialects, String url, boolean trusted) {
    List<Violation> violations = new ArrayList<>();
    dialects.forUrl(url).ifPresent(owner -> check(owner, url, trusted, violations));
    return violations;
  }

  private static void check(Dialect owner, String url, boolean trusted, List<Violation> violations) {
    String shown = Redaction.url(url);
    owner.passwordInUrl(url).ifPresent(where -> violations.add(new Violation(ParameterKeys.DB_URL, shown,
        "carries a password (" + where + "), which the driver would use for every login, each actor's own included,"
            + " and which would be shown with errors; allowed: a URL without a password, the password given by "
            + ParameterKeys.DB_PASSWORD_ENV + "=<variable> or " + ParameterKeys.DB_PASSWORD_FILE + "=<path>")));
    if (!trusted) {
      owner.unsafeUrlSettings(url).forEach(setting -> violations.add(new Violation(ParameterKeys.DB_URL, shown,
          "sets " + setting.name() + ", which " + setting.effect() + "; allowed: a URL without " + setting.name()
              + ", or " + ParameterKeys.DB_URL_TRUSTED + "=true for a URL whose settings may run code")));
    }
    owner.urlProblem(url).ifPresent(problem -> violations.add(new Violation(ParameterKeys.DB_URL, shown, problem)));
  }
}
