package io.commitbench.core.host.trace;

/**
 * One line of {@code perf trace} output about a system call.
 *
 * @param shape whether the line holds a whole call, its start, or its end
 * @param operation the system call's name ({@code fdatasync}, {@code pwrite64})
 * @param tid the calling thread, as perf prints it after the command name
 * @param fd the {@code fd} argument, or -1 when the line has none (the end of an unfinished call)
 * @param durationMicros how long the call took, or -1 when the line does not say
 * @param failed whether the call returned an error ({@code = -1 EBADF})
 */
record TraceLine(Shape shape, String operation, long tid, int fd, long durationMicros, boolean failed) {

  /** perf splits a call that another event interrupts into a start and an end ({@code [continued]}). */
  enum Shape {
    COMPLETE,
    UNFINISHED,
    CONTINUED
  }
}
