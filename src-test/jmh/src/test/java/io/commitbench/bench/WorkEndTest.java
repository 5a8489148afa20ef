package io.commitbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WorkEndTest {

  @Test
  void theLastWorkerToFinishSetsTheEndAndItsCpuTime() throws Exception {
    WorkEnd end = new WorkEnd(2);
    long cpuBefore = ProcessCpuTime.nanos();
    end.workerDone();
    assertThat(end.nanos()).as("one worker still working").isZero();
    assertThat(end.cpuNanosOr(-7)).isEqualTo(-7);

    long beforeLast = System.nanoTime();
    Thread last = new Thread(end::workerDone);
    last.start();
    last.join();

    assertThat(end.nanos()).isBetween(beforeLast, System.nanoTime());
    assertThat(end.cpuNanosOr(-7)).isBetween(cpuBefore, ProcessCpuTime.nanos());
  }

  @Test
  void aWorkerThatNeverFinishedLeavesTheFallback() {
    WorkEnd end = new WorkEnd(3);
    end.workerDone();
    end.workerDone();

    assertThat(end.cpuNanosOr(42)).isEqualTo(42);
    assertThat(end.nanos()).isZero();
  }
}
