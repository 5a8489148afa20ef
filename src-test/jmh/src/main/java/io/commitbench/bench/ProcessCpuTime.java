package io.commitbench.bench;

import java.lang.management.ManagementFactory;

/** This JVM's CPU time, all threads together, as the harness measures its own (summary.json clientCpuSeconds). */
final class ProcessCpuTime {

  private ProcessCpuTime() {}

  static long nanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
