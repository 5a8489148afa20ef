package io.commitbench.core.compare;

import io.commitbench.core.results.Incompleteness;
import io.commitbench.core.results.RunSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a reader of a comparison must know before its figures, per subject: a run that did not
 * complete ({@code running} is a run killed, or still measuring), one that missed its target
 * rate ({@link RateCheck}), one whose latency is its backlog's, one whose server was shared
 * ({@link SharedServer}), one whose server counters started again from zero (a restart). A
 * group's warning names its run.
 */
final class Warnings {

  static final String OUTCOME = "outcome";
  static final String MISSED_RATE = "missed-rate";
  static final String BACKLOG = "backlog";
  static final String SHARED_SERVER = "shared-server";
  static final String COUNTERS_RESET = "counters-reset";

  private Warnings() {}

  static List<Comparison.Warning> of(List<Subject> subjects, List<String> labels) {
    List<Comparison.Warning> warnings = new ArrayList<>();
    for (int i = 0; i < subjects.size(); i++) {
      Subject s = subjects.get(i);
      int subject = i;
      for (int run = 0; run < s.summaries().size(); run++) {
        RunSummary summary = s.summaries().get(run);
        String who = labels.get(i) + (s.group() ? " " + s.runFolders().get(run).getFileName() : "") + ": ";
        outcome(summary, s).ifPresent(text -> warnings.add(new Comparison.Warning(subject, OUTCOME, who + text)));
        if (!s.counted().contains(summary)) {
          continue; // not in the figures: its outcome is all there is to say
        }
        RateCheck rate = RateCheck.of(summary);
        if (rate.missed()) {
          warnings.add(new Comparison.Warning(subject, MISSED_RATE, who + rate.missedText()));
        }
        if (rate.backlogged()) {
          warnings.add(new Comparison.Warning(subject, BACKLOG, who + rate.backlogText()));
        }
        SharedServer.of(summary).ifPresent(shared -> warnings.add(new Comparison.Warning(subject,
            SHARED_SERVER, who + shared.text())));
        if (summary.serverReset() != null) {
          warnings.add(new Comparison.Warning(subject, COUNTERS_RESET, who + "server counters reset, so they are"
              + " no figures of the run: " + summary.serverReset()));
        }
      }
    }
    return List.copyOf(warnings);
  }

  private static Optional<String> outcome(RunSummary summary, Subject s) {
    String counted = !s.group() ? "" : s.counted().contains(summary)
        ? "; no run of the group completed, so its figures are those of every run"
        : "; left out of the group's figures";
    return Incompleteness.of(summary).map(text -> text + counted);
  }
}
