package io.commitbench.core.host.trace;

/**
 * One finished system call on a file descriptor, its start and end joined.
 *
 * @param operation the system call's name
 * @param tid the calling thread
 * @param fd the file descriptor it was called on
 * @param durationMicros how long it took
 * @param failed whether it returned an error
 */
record SyscallEvent(String operation, long tid, int fd, long durationMicros, boolean failed) {}
