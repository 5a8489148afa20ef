package io.commitbench.bench.jmh;

import io.commitbench.bench.Folders;
import io.commitbench.core.measure.ActorRecorder;
import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.report.HistogramLogSink;
import io.commitbench.core.report.IntervalCsvWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The interval reporter's side of a run for {@link HotPath#writeInterval}: {@value #ACTORS}
 * actors recording into {@link Measurements#forActors} for them (a latency stripe each, as in a
 * run of that many users), an {@link IntervalSampler} over it, and the two files a run writes
 * every interval, in a temporary directory deleted at the end.
 *
 * <p>Before every call the actors record one interval's worth of latencies ({@value
 * #PER_STATEMENT_KIND} of each statement kind, {@value #COMMITS} commits, each): the sampler
 * drains the recorders, and an interval of empty histograms would cost less than a real one. The
 * refill is a per-invocation setup, outside the measurement; a call takes far longer than the
 * fixture's own time stamps.
 */
@State(Scope.Thread)
public class ReporterState {

  static final int ACTORS = 10;
  static final int PER_STATEMENT_KIND = 500;
  static final int COMMITS = 100;
  /** The paper's transaction types. */
  static final List<String> TYPES = List.of("insert", "select", "update", "delete");

  /** A sink that writes nothing; the sampler's own work still happens. */
  public static final IntervalSink DISCARD = new IntervalSink() {
    @Override
    public void onInterval(IntervalStats stats, IntervalHistograms histograms) {
      // Nothing to write: this sink isolates the sampler's share.
    }

    @Override
    public void close() {
      // Nothing to close.
    }
  };

  IntervalSampler sampler;
  IntervalSink sink;
  private final List<ActorRecorder> recorders = new ArrayList<>();
  private final LatencySamples latencies = new LatencySamples(7);
  private Path directory;

  @Setup(Level.Trial)
  public void open() throws IOException {
    directory = Files.createTempDirectory("commitbench-jmh-hotpath");
    Measurements measurements = Measurements.forActors(ACTORS, TYPES);
    for (int a = 0; a < ACTORS; a++) {
      recorders.add(measurements.newActorRecorder());
    }
    long startNanos = System.nanoTime();
    long startMillis = System.currentTimeMillis();
    sampler = new IntervalSampler(measurements, startNanos, startMillis, 1_000_000_000L, Phase.MEASURED);
    sink = new BothSinks(new IntervalCsvWriter(directory.resolve("intervals.csv"), TYPES),
        new HistogramLogSink(directory.resolve("latency.hlog"), startMillis, TYPES));
  }

  @Setup(Level.Invocation)
  public void recordOneInterval() {
    for (ActorRecorder recorder : recorders) {
      for (OperationKind kind : OperationKind.values()) {
        int count = kind == OperationKind.COMMIT ? COMMITS : PER_STATEMENT_KIND;
        for (int i = 0; i < count; i++) {
          long latency = latencies.next();
          recorder.statement(kind, latency);
          recorder.transactionDone(kind.ordinal() % TYPES.size(), 0, 0, latency);
        }
      }
    }
  }

  @TearDown(Level.Trial)
  public void close() throws IOException {
    try {
      sink.close();
    } finally {
      Folders.deleteRecursively(directory);
    }
  }

  /** The two files of a run, as the harness's own composite sink feeds them. */
  private static final class BothSinks implements IntervalSink {
    private final IntervalSink first;
    private final IntervalSink second;

    BothSinks(IntervalSink first, IntervalSink second) {
      this.first = first;
      this.second = second;
    }

    @Override
    public void onInterval(IntervalStats stats, IntervalHistograms histograms) throws IOException {
      first.onInterval(stats, histograms);
      second.onInterval(stats, histograms);
    }

    @Override
    public void close() throws IOException {
      try {
        first.close();
      } finally {
        second.close();
      }
    }
  }
}
