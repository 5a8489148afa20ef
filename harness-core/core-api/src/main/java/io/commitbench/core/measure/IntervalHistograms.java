package io.commitbench.core.measure;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One interval's latency histograms (nanoseconds, start and end time stamps set in epoch
 * milliseconds), valid only during the {@link IntervalSink} call that receives them.
 *
 * @param statements per statement kind, every kind present
 * @param response per transaction type: from the intended start to the end
 * @param service per transaction type: from the actual start to the end
 */
public record IntervalHistograms(Map<OperationKind, Histogram> statements, List<Histogram> response,
    List<Histogram> service) {}
