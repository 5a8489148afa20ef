package io.commitbench.core.key;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code errors.max}: how many statements of a run may fail before it stops and fails — a count
 * ({@code 500}), or a share of the statements attempted so far ({@code 1%}, {@code 0.5%}). A run
 * against a server in trouble (a full disk, a role that lost its rights) then ends within an
 * interval instead of hammering a shared server with failing statements for its whole duration.
 *
 * <p>A share is taken of at least {@link #MIN_BASE} statements, so the first errors of a run do
 * not fail it on a small base: {@code 1%} allows 10 errors among the first 1,000 statements.
 * {@code 100%} never stops a run.
 *
 * @param count the most errors allowed, or -1 when the budget is a share
 * @param percent the share in percent (0..100), or -1 when the budget is a count
 */
public record ErrorBudget(long count, double percent) {

  public static final String DEFAULT = "1%";
  public static final long MIN_BASE = 1_000;
  public static final long MAX_COUNT = 2_000_000_000L;
  public static final String ALLOWED = "a count of failed statements from 0 to " + MAX_COUNT
      + ", or a share of the statements attempted from 0% to 100% (e.g. 1%, 0.5%)";

  /** The budget {@code text} states, or empty when it is none. */
  public static Optional<ErrorBudget> parse(String text) {
    String value = text.trim();
    try {
      if (value.endsWith("%")) {
        BigDecimal percent = new BigDecimal(value.substring(0, value.length() - 1).trim());
        return percent.signum() < 0 || percent.compareTo(BigDecimal.valueOf(100)) > 0 ? Optional.empty()
            : Optional.of(new ErrorBudget(-1, percent.doubleValue()));
      }
      long count = Long.parseLong(value);
      return count < 0 || count > MAX_COUNT ? Optional.empty() : Optional.of(new ErrorBudget(count, -1));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Whether {@code errors} failed statements among {@code attempts} are more than the budget allows. */
  public boolean exceeded(long errors, long attempts) {
    if (count >= 0) {
      return errors > count;
    }
    return errors > percent / 100 * Math.max(attempts, MIN_BASE);
  }

  /** The budget as it is written: {@code 1%}, {@code 500}. */
  public String text() {
    return count >= 0 ? Long.toString(count) : BigDecimal.valueOf(percent).stripTrailingZeros().toPlainString() + "%";
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "errors.max=%s", text());
  }
}
