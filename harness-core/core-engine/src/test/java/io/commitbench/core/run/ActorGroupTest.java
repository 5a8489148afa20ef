package io.commitbench.core.run;

import io.commitbench.core.run.jvm.ProcessCpu;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ActorGroupTest {

  private static final long MS = 1_000_000L;

  /** Records when it was called; optionally fails or takes time. */
  private static class RecordingBody implements ActorBody {
    final int actor;
    final List<long[]> cycleSpans = new ArrayList<>();
    volatile boolean opened;
    volatile boolean closed;
    int failInCycle = -1;
    boolean failOnOpen;
    long workNanos = 2 * MS;

    RecordingBody(int actor) {
      this.actor = actor;
    }

    @Override
    public void open() {
      if (failOnOpen) {
        throw new IllegalStateException("cannot connect (actor " + actor + ")");
      }
      opened = true;
    }

    @Override
    public ActorCycleTimes runCycle(int cycle) throws InterruptedException {
      long start = System.nanoTime();
      if (cycle == failInCycle) {
        throw new IllegalStateException("actor " + actor + " broke in cycle " + cycle);
      }
      Thread.sleep(workNanos / MS);
      long end = System.nanoTime();
      cycleSpans.add(new long[] {start, end});
      return new ActorCycleTimes(cycle, actor, end - start, 1, 2, 3, 4);
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private static class RecordingListener implements ActorGroup.Listener {
    final List<long[]> cycleStarts = new ArrayList<>();
    final List<CycleTimes> cycles = new ArrayList<>();
    final ConcurrentLinkedQueue<ActorCycleTimes> actorCycles = new ConcurrentLinkedQueue<>();

    @Override
    public void cycleStarting(int cycle, long startNanos) {
      cycleStarts.add(new long[] {cycle, startNanos});
    }

    @Override
    public void actorCycleFinished(ActorCycleTimes times) {
      actorCycles.add(times);
    }

    @Override
    public void cycleFinished(CycleTimes times) {
      cycles.add(times);
    }
  }

  private static List<RecordingBody> bodies(int n) {
    return IntStream.rangeClosed(1, n).mapToObj(RecordingBody::new).toList();
  }

  @Test
  void actorsStartStaggeredAndEveryCycleWaitsForTheLastActor() throws Exception {
    List<RecordingBody> bodies = bodies(4);
    RecordingListener listener = new RecordingListener();
    long stagger = 20 * MS;

    ActorGroup.Outcome outcome = new ActorGroup(new ActorSchedule(4, stagger, 3), bodies, new StopSignal(), listener).run();

    assertThat(outcome.failures()).isEmpty();
    assertThat(outcome.cyclesCompleted()).isEqualTo(3);
    assertThat(listener.cycles).extracting(CycleTimes::cycle).containsExactly(1, 2, 3);
    assertThat(listener.actorCycles).hasSize(12);
    for (int cycle = 0; cycle < 3; cycle++) {
      long cycleStart = listener.cycleStarts.get(cycle)[1];
      for (RecordingBody body : bodies) {
        long start = body.cycleSpans.get(cycle)[0];
        assertThat(start - cycleStart).as("actor %d in cycle %d starts no earlier than its offset", body.actor, cycle + 1)
            .isGreaterThanOrEqualTo((body.actor - 1) * stagger);
      }
      // The cycle's time runs from its start to (just after) the end of its last actor.
      int index = cycle;
      long lastEnd = bodies.stream().mapToLong(b -> b.cycleSpans.get(index)[1]).max().orElseThrow();
      assertThat(listener.cycles.get(cycle).nanos()).isGreaterThanOrEqualTo(lastEnd - cycleStart)
          .isGreaterThanOrEqualTo(3 * stagger);
    }
    for (int cycle = 1; cycle < 3; cycle++) {
      long nextStart = listener.cycleStarts.get(cycle)[1];
      int previous = cycle - 1;
      assertThat(bodies).as("cycle %d starts after every actor finished cycle %d", cycle + 1, cycle)
          .allSatisfy(b -> assertThat(b.cycleSpans.get(previous)[1]).isLessThanOrEqualTo(nextStart));
    }
    assertThat(bodies).allSatisfy(b -> assertThat(b.closed).isTrue());
  }

  @Test
  void theWorkEndsCpuTimeIsReadBeforeTheActorsClose() throws Exception {
    // Closing (a pool's shutdown) is not measured work: an actor that spends CPU closing must not
    // add it to the CPU time at the work's end.
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    java.util.concurrent.atomic.AtomicLong closingCpu = new java.util.concurrent.atomic.AtomicLong();
    List<RecordingBody> bodies = List.of(new RecordingBody(1) {
      @Override
      public void close() {
        long start = threads.getCurrentThreadCpuTime();
        long spent;
        do {
          spent = threads.getCurrentThreadCpuTime() - start;
        } while (spent < 200 * MS);
        closingCpu.set(spent);
        super.close();
      }
    });
    long cpuBefore = ProcessCpu.nanos();

    ActorGroup.Outcome outcome = new ActorGroup(new ActorSchedule(1, 0, 2), bodies, new StopSignal(),
        new RecordingListener()).run();
    long cpuAfter = ProcessCpu.nanos();

    assertThat(outcome.workEndCpuNanos()).isBetween(cpuBefore, cpuAfter);
    // The process's CPU time moves in clock ticks (10 ms on Linux), the thread's in nanoseconds:
    // the difference of two readings may come out up to a tick short of the 200 ms spent.
    assertThat(cpuAfter - outcome.workEndCpuNanos()).as("CPU after the work's end: the actor's closing")
        .isGreaterThanOrEqualTo(closingCpu.get() - 20 * MS);
  }

  @Test
  void actorsRunOnTheirOwnNamedThreads() throws Exception {
    ConcurrentLinkedQueue<String> threads = new ConcurrentLinkedQueue<>();
    List<ActorBody> bodies = IntStream.rangeClosed(1, 3).mapToObj(i -> (ActorBody) new RecordingBody(i) {
      @Override
      public ActorCycleTimes runCycle(int cycle) throws InterruptedException {
        threads.add(Thread.currentThread().getName());
        return super.runCycle(cycle);
      }
    }).toList();

    new ActorGroup(new ActorSchedule(3, 0, 2), bodies, new StopSignal(), new RecordingListener()).run();

    assertThat(threads).hasSize(6).containsOnly("actor-1", "actor-2", "actor-3");
  }

  @Test
  void aFailingActorStopsTheRunAfterTheCycleInProgressAndEveryFailureIsReturned() throws Exception {
    // Actors 2 and 3 both fail in cycle 2; they meet first, so neither sees the other's stop early.
    java.util.concurrent.CountDownLatch bothInCycle2 = new java.util.concurrent.CountDownLatch(2);
    List<RecordingBody> bodies = IntStream.rangeClosed(1, 3).mapToObj(i -> i == 1 ? new RecordingBody(i) : new RecordingBody(i) {
      @Override
      public ActorCycleTimes runCycle(int cycle) throws InterruptedException {
        if (cycle == 2) {
          bothInCycle2.countDown();
          bothInCycle2.await();
          throw new IllegalStateException("actor " + actor + " broke in cycle " + cycle);
        }
        return super.runCycle(cycle);
      }
    }).toList();
    StopSignal stop = new StopSignal();
    RecordingListener listener = new RecordingListener();

    ActorGroup.Outcome outcome = new ActorGroup(new ActorSchedule(3, 0, 5), bodies, stop, listener).run();

    assertThat(outcome.cyclesCompleted()).isEqualTo(1);
    assertThat(outcome.failures()).hasSize(2).allSatisfy(f -> assertThat(f).hasMessageContaining("broke in cycle 2"));
    assertThat(stop.reason()).startsWith("actor ").contains("failed: actor");
    assertThat(listener.cycles).extracting(CycleTimes::cycle).containsExactly(1);
    assertThat(bodies.get(0).cycleSpans.size()).as("the healthy actor ran no cycle after the failure").isLessThanOrEqualTo(2);
    assertThat(bodies).allSatisfy(b -> assertThat(b.closed).isTrue());
  }

  @Test
  void anActorThatCannotOpenPreventsEveryCycle() throws Exception {
    List<RecordingBody> bodies = bodies(2);
    bodies.get(0).failOnOpen = true;
    RecordingListener listener = new RecordingListener();

    ActorGroup.Outcome outcome = new ActorGroup(new ActorSchedule(2, 0, 3), bodies, new StopSignal(), listener).run();

    assertThat(outcome.cyclesCompleted()).isZero();
    assertThat(outcome.failures()).singleElement().satisfies(f -> assertThat(f).hasMessage("cannot connect (actor 1)"));
    assertThat(listener.cycleStarts).isEmpty();
    assertThat(bodies.get(1).cycleSpans).isEmpty();
    assertThat(bodies).allSatisfy(b -> assertThat(b.closed).isTrue());
  }

  @Test
  void aStopRequestEndsTheRunWithoutFailures() throws Exception {
    List<RecordingBody> bodies = bodies(2);
    StopSignal stop = new StopSignal();
    RecordingListener listener = new RecordingListener() {
      @Override
      public void cycleFinished(CycleTimes times) {
        super.cycleFinished(times);
        if (times.cycle() == 2) {
          stop.request("enough");
        }
      }
    };

    ActorGroup.Outcome outcome = new ActorGroup(new ActorSchedule(2, 0, 100), bodies, stop, listener).run();

    assertThat(outcome.failures()).isEmpty();
    assertThat(outcome.cyclesCompleted()).isEqualTo(2);
    assertThat(bodies).allSatisfy(b -> assertThat(b.cycleSpans).hasSize(2));
  }

  @Test
  void aStopDuringTheStaggeredStartReleasesTheWaitingActorsAtOnce() throws Exception {
    List<RecordingBody> bodies = bodies(3);
    StopSignal stop = new StopSignal();
    long hour = 3_600_000 * MS;
    RecordingListener listener = new RecordingListener() {
      @Override
      public void cycleStarting(int cycle, long startNanos) {
        super.cycleStarting(cycle, startNanos);
        new Thread(() -> {
          try {
            Thread.sleep(100);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          stop.request("Ctrl-C");
        }).start();
      }
    };

    long began = System.nanoTime();
    ActorGroup.Outcome outcome = new ActorGroup(new ActorSchedule(3, hour, 2), bodies, stop, listener).run();

    assertThat(System.nanoTime() - began).as("did not wait for the hour-long stagger").isLessThan(60_000 * MS);
    assertThat(outcome.cyclesCompleted()).isZero();
    assertThat(bodies.get(0).cycleSpans).hasSize(1);
    assertThat(bodies.get(2).cycleSpans).isEmpty();
  }
}
