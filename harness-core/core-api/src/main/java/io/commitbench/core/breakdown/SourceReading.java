package io.commitbench.core.breakdown;

import java.util.List;

/**
 * What one {@link CommitTimeSource} found over the measured window.
 *
 * @param parts the parts it measured
 * @param unmeasured the parts it is the source of but could not measure, with the reason
 * @param views I/O it saw that is not itself a part (every log sync, the data files' writes)
 * @param cost what the source itself cost (queries run, samples taken, events traced), one line
 *     each, for the report
 */
public record SourceReading(List<PartReading> parts, List<UnmeasuredPart> unmeasured, List<LogIoView> views,
    List<String> cost) {

  public SourceReading {
    parts = List.copyOf(parts);
    unmeasured = List.copyOf(unmeasured);
    views = List.copyOf(views);
    cost = List.copyOf(cost);
  }

  /** A source that measured nothing: each of {@code parts} is unmeasured for {@code reason}. */
  public static SourceReading unmeasured(List<String> parts, String reason) {
    return new SourceReading(List.of(), parts.stream().map(p -> new UnmeasuredPart(p, reason)).toList(), List.of(),
        List.of());
  }
}
