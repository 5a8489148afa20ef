package io.commitbench.campaign;

import io.commitbench.core.key.Violation;
import java.util.List;
import java.util.stream.Collectors;

/** Everything wrong with a campaign file, reported at once before anything is built. */
public final class CampaignFileException extends Exception {

  private final transient List<Violation> violations;

  public CampaignFileException(List<Violation> violations) {
    super(violations.stream().map(Violation::toString).collect(Collectors.joining("; ")));
    this.violations = List.copyOf(violations);
  }

  public List<Violation> violations() {
    return violations;
  }
}
