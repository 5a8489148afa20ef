package io.commitbench.core.run.jvm;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * The CPU time this JVM has used, all threads together (actors, reporter, JIT, GC): what a run
 * costs the client machine, to set beside another tool's for the same work.
 */
public final class ProcessCpu {

  /** Answered when the JVM does not tell its process CPU time. */
  public static final long UNKNOWN = -1;

  private ProcessCpu() {}

  /** Nanoseconds of CPU time used so far, or {@link #UNKNOWN}. */
  public static long nanos() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean hotspot) {
      long nanos = hotspot.getProcessCpuTime();
      return nanos < 0 ? UNKNOWN : nanos;
    }
    return UNKNOWN;
  }
}
