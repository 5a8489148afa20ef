package io.commitbench.core.probe;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The two-session situations the locking probe sets up (Zaitsev and Tkachenko's slides). */
public enum LockScenario {
  /** S1 updates row 1, S2 row 2, S1 row 2 (waits for S2), S2 row 1 (closes the cycle). */
  DEADLOCK("deadlock"),
  /** S1 updates row 1 and holds its lock; S2 updates row 1; S1 commits after the hold. */
  SAME_ROW("same-row");

  private final String optionName;

  LockScenario(String optionName) {
    this.optionName = optionName;
  }

  /** As an option value and in reports: {@code same-row}. */
  public String optionName() {
    return optionName;
  }

  /** The scenario {@code text} names, in any case, {@code _} for {@code -}; empty when none. */
  public static Optional<LockScenario> parse(String text) {
    String normal = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    return Arrays.stream(values()).filter(s -> s.optionName.equals(normal)).findFirst();
  }

  /** Every scenario's name, for messages: {@code deadlock, same-row}. */
  public static String allowed() {
    return Arrays.stream(values()).map(LockScenario::optionName).collect(Collectors.joining(", "));
  }
}
