package io.commitbench.core.run;

import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.run.jvm.ProcessCpu;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs actors the way the paper's testframe does: one thread per actor; in every cycle the
 * actors are released {@code sleep} apart, and the next cycle starts when the last actor of
 * this one has finished.
 *
 * <p>The coordinating thread and the actor threads meet at a {@link Phaser} twice per cycle
 * (release, finish). A failing actor records its failure and asks the others to stop; every
 * thread still takes part in the barriers of the cycle in progress, so nobody waits forever.
 * All failures are returned, not just the first.
 */
public final class ActorGroup {

  private static final long MAX_PARK_NANOS = 50_000_000L;

  /** Called from the coordinating thread (cycle events) and from actor threads (actor-cycles). */
  public interface Listener {
    /**
     * Every actor has opened its connection or failed to, {@code nanos} after the threads started;
     * {@code opened} of them have one.
     */
    default void actorsOpened(int opened, long nanos) {}

    /** Just before the actors of {@code cycle} are released; {@code startNanos} is the cycle's start. */
    default void cycleStarting(int cycle, long startNanos) {}

    /** An actor finished a whole cycle (called on that actor's thread). */
    default void actorCycleFinished(ActorCycleTimes times) {}

    /** Every actor finished the cycle. */
    default void cycleFinished(CycleTimes times) {}
  }

  /**
   * Decides, before each cycle, whether it runs. Called on the coordinating thread only.
   */
  public interface CyclePlan {
    /** Whether cycle {@code cycle} (1-based) runs; false ends the run. */
    boolean startCycle(int cycle, long nowNanos);
  }

  /**
   * @param cyclesCompleted cycles in which every actor finished its work
   * @param failures what went wrong, in the order it happened
   * @param workEndNanos {@link System#nanoTime()} when the last actor finished its last cycle's
   *     work (before any actor closed its connection); 0 when no actor worked
   * @param workEndCpuNanos the JVM's CPU time ({@link ProcessCpu#nanos()}) when the group ended
   *     its last cycle, every actor done and none closed yet: where the measured window's CPU
   *     ends, as its time ends at {@code workEndNanos}. Read after the actors had closed, it
   *     would count their pools' shutdown as measured work. Always read when the group returns
   *     ({@link ProcessCpu#UNKNOWN} only where the JVM does not tell its CPU time)
   * @param opened how many actors opened their connection
   */
  public record Outcome(int cyclesCompleted, List<Throwable> failures, long workEndNanos, long workEndCpuNanos,
      int opened) {}

  private final ActorSchedule schedule;
  private final List<? extends ActorBody> bodies;
  private final StopSignal stop;
  private final Listener listener;
  private final CyclePlan plan;
  private final Phaser phaser;
  private final AtomicLongArray endNanos;
  private final AtomicInteger finishedInCycle = new AtomicInteger();
  private final AtomicInteger opened = new AtomicInteger();
  private final List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
  private volatile long cycleStartNanos;
  private volatile boolean proceed = true;
  /** Set by the coordinating thread (the caller of {@link #run}) before it lets the actors go to close. */
  private long workEndCpuNanos = ProcessCpu.UNKNOWN;

  /** Runs the schedule's number of cycles. */
  public ActorGroup(ActorSchedule schedule, List<? extends ActorBody> bodies, StopSignal stop, Listener listener) {
    this(schedule, bodies, stop, listener, (cycle, now) -> cycle <= schedule.cycles());
  }

  /** Runs cycles as long as {@code plan} says (at most the schedule's number). */
  public ActorGroup(ActorSchedule schedule, List<? extends ActorBody> bodies, StopSignal stop, Listener listener,
      CyclePlan plan) {
    if (bodies.size() != schedule.actors()) {
      throw new IllegalArgumentException(bodies.size() + " bodies for " + schedule.actors() + " actors");
    }
    this.schedule = schedule;
    this.bodies = List.copyOf(bodies);
    this.stop = stop;
    this.listener = listener;
    this.plan = plan;
    this.phaser = new Phaser(bodies.size() + 1);
    this.endNanos = new AtomicLongArray(bodies.size());
  }

  /** Runs every cycle (or until stopped) on the calling thread; returns when all actors have closed. */
  public Outcome run() throws InterruptedException {
    List<Thread> threads = new ArrayList<>();
    long started = System.nanoTime();
    for (int i = 0; i < bodies.size(); i++) {
      int index = i;
      Thread thread = new Thread(() -> actorLoop(index), "actor-" + (index + 1));
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
    int completed = coordinate(started);
    for (Thread thread : threads) {
      thread.join();
    }
    long workEnd = 0;
    for (int i = 0; i < bodies.size(); i++) {
      workEnd = Math.max(workEnd, endNanos.get(i));
    }
    return new Outcome(completed, List.copyOf(failures), workEnd, workEndCpuNanos, opened.get());
  }

  private int coordinate(long threadsStarted) {
    phaser.arriveAndAwaitAdvance(); // every actor has opened (or failed to)
    listener.actorsOpened(opened.get(), System.nanoTime() - threadsStarted);
    int completed = 0;
    for (int cycle = 1; ; cycle++) {
      long start = System.nanoTime();
      proceed = !stop.isRequested() && cycle <= schedule.cycles() && plan.startCycle(cycle, start);
      finishedInCycle.set(0);
      cycleStartNanos = start;
      if (proceed) {
        listener.cycleStarting(cycle, start);
      } else {
        // Every actor is done (or never started) and waits at the release: none has closed yet.
        workEndCpuNanos = ProcessCpu.nanos();
      }
      phaser.arriveAndAwaitAdvance(); // release
      if (!proceed) {
        break;
      }
      phaser.arriveAndAwaitAdvance(); // all actors done with the cycle
      if (finishedInCycle.get() == bodies.size()) {
        long last = 0;
        for (int i = 0; i < bodies.size(); i++) {
          last = Math.max(last, endNanos.get(i));
        }
        listener.cycleFinished(new CycleTimes(cycle, last - start));
        completed++;
      }
    }
    return completed;
  }

  private void actorLoop(int index) {
    ActorBody body = bodies.get(index);
    try {
      try {
        body.open();
        opened.incrementAndGet();
      } catch (StoppedWhileConnectingException stopped) {
        // Asked to stop before it had a connection: nothing to run, nothing failed.
      } catch (Throwable e) {
        fail(index, e);
      }
      phaser.arriveAndAwaitAdvance();
      // The coordinator ends the run with a release whose proceed flag is false.
      for (int cycle = 1; ; cycle++) {
        phaser.arriveAndAwaitAdvance();
        if (!proceed) {
          break;
        }
        runOneCycle(index, body, cycle);
        phaser.arriveAndAwaitAdvance();
      }
    } finally {
      body.close();
    }
  }

  private void runOneCycle(int index, ActorBody body, int cycle) {
    if (!waitForStart(cycleStartNanos + schedule.startOffsetNanos(index))) {
      return;
    }
    try {
      ActorCycleTimes times = body.runCycle(cycle);
      endNanos.set(index, System.nanoTime());
      if (times != null) {
        listener.actorCycleFinished(times);
        finishedInCycle.incrementAndGet();
      }
    } catch (StoppedWhileConnectingException stopped) {
      // The run stopped while this actor was reconnecting: it ends like one that saw the stop
      // between operations (its failed statement is counted already).
      endNanos.set(index, System.nanoTime());
    } catch (Throwable e) {
      // Its work ended with the failure: the wait for its pool to close is no part of it.
      endNanos.set(index, System.nanoTime());
      fail(index, e);
    }
  }

  /** Parks until the deadline; false when a stop was requested meanwhile. */
  private boolean waitForStart(long deadlineNanos) {
    long remaining;
    while ((remaining = deadlineNanos - System.nanoTime()) > 0 && !stop.isRequested()) {
      LockSupport.parkNanos(Math.min(remaining, MAX_PARK_NANOS));
    }
    return !stop.isRequested();
  }

  private void fail(int index, Throwable e) {
    failures.add(e);
    stop.request("actor " + (index + 1) + " failed: " + e.getMessage());
  }
}
