package io.commitbench.bench.jmh;

import io.commitbench.core.measure.ActorRecorder;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.OperationKind;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * What the harness itself costs per operation, in nanoseconds, measured on harness-core's own
 * classes:
 *
 * <ul>
 *   <li>{@code nanoTimeTwice}: the two clock reads around a statement, alone (the floor of the
 *       envelope)
 *   <li>{@code recordLatency}: an autocommit statement recorded with its transaction: {@link
 *       ActorRecorder#statement} and {@link ActorRecorder#transactionDone} (one critical section
 *       of the actor's stripe)
 *   <li>{@code recordLatencyColdCaches}: the same after 4 MiB of other memory was touched (outside
 *       the timing), as the JDBC driver and the kernel's network stack touch it between two
 *       transactions of a real actor: what recording costs when the recorder's memory is no longer
 *       in the caches, which is what a run pays
 *   <li>{@code writeInterval}: {@link IntervalSampler#sample} of one interval of {@value
 *       ReporterState#ACTORS} actors into the real {@code intervals.csv} and {@code latency.hlog}
 *       writers; it runs once per report interval on the reporter's thread, so divide by the
 *       operations in an interval for its share per operation
 *   <li>{@code sampleInterval}: the same sample handed to a sink that writes nothing, so the
 *       difference to {@code writeInterval} is the files' share
 * </ul>
 *
 * <p>The recorded latencies are realistic (see {@link LatencySamples}), so the histograms have
 * their real size. {@code recordLatency} shares one {@link Measurements} between threads as a run
 * does, so {@code -t 2} shows contention. The actor's whole path around a statement is {@link
 * io.commitbench.bench.actor.ActorEnvelope}'s.
 *
 * <pre>
 * java -jar src-test/jmh/target/benchmarks.jar HotPath
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HotPath {

  /** What all actors of a run share: measurements for as many actors as JMH runs threads. */
  @State(Scope.Benchmark)
  public static class RunState {
    Measurements measurements;

    @Setup(Level.Trial)
    public void open(BenchmarkParams params) {
      measurements = Measurements.forActors(params.getThreads(), List.of("insert", "select", "update", "delete"));
    }
  }

  /** One actor's recorder. */
  @State(Scope.Thread)
  public static class ActorState {
    ActorRecorder recorder;
    final LatencySamples latencies = new LatencySamples(42);

    @Setup(Level.Trial)
    public void register(RunState run) {
      recorder = run.measurements.newActorRecorder();
    }
  }

  /** Memory an actor's driver and kernel would touch between two transactions, touched before each call. */
  @State(Scope.Thread)
  public static class OtherWork {
    private static final int BYTES = 4 << 20;
    private static final int CACHE_LINE = 64;
    final byte[] memory = new byte[BYTES];

    @Setup(Level.Invocation)
    public void touch() {
      for (int i = 0; i < memory.length; i += CACHE_LINE) {
        memory[i]++;
      }
    }
  }

  @Benchmark
  public long nanoTimeTwice() {
    long began = System.nanoTime();
    return System.nanoTime() - began;
  }

  @Benchmark
  public void recordLatency(ActorState actor) {
    long latency = actor.latencies.next();
    actor.recorder.statement(OperationKind.INSERT, latency);
    actor.recorder.transactionDone(0, 0, 0, latency);
  }

  @Benchmark
  public void recordLatencyColdCaches(ActorState actor, OtherWork other) {
    recordLatency(actor);
  }

  /** One interval sampled and written to both files; the actors' data is refilled before each call. */
  @Benchmark
  public IntervalStats writeInterval(ReporterState reporter) throws IOException {
    return reporter.sampler.sample(System.nanoTime(), reporter.sink);
  }

  /** One interval merged from the actors' recorders into the run's totals, and nothing written. */
  @Benchmark
  public IntervalStats sampleInterval(ReporterState reporter) throws IOException {
    return reporter.sampler.sample(System.nanoTime(), ReporterState.DISCARD);
  }
}
