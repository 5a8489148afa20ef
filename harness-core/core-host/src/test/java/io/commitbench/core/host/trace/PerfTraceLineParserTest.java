package io.commitbench.core.host.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.host.trace.TraceLine.Shape;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link PerfTraceLineParser} and {@link UnfinishedCalls} on lines perf 6.1 printed. */
class PerfTraceLineParserTest {

  private final PerfTraceLineParser parser = new PerfTraceLineParser();

  @Test
  void aWholeSyncGivesItsThreadFdAndDuration() {
    TraceLine line = parse("     0.000 ( 1.934 ms): postgres/18089 fdatasync(fd: 19)                                 = 0");
    assertThat(line).isEqualTo(new TraceLine(Shape.COMPLETE, "fdatasync", 18089, 19, 1934, false));
  }

  @Test
  void aWriteGivesItsFdAmongItsOtherArguments() {
    TraceLine line = parse("   421.899 ( 0.102 ms): postgres/2259 pwrite64(fd: 4, buf: 0x7fa226660000, count: 106496,"
        + " pos: 14114816)    = 106496");
    assertThat(line).isEqualTo(new TraceLine(Shape.COMPLETE, "pwrite64", 2259, 4, 102, false));
    assertThat(parse("     3.938 ( 0.765 ms): bash/1070 pwritev2(fd: 3, vec: 0x7f08f5ba46e0, vlen: 1, flags: 2)"
        + "               = 10").operation()).isEqualTo("pwritev2");
  }

  @Test
  void aLongDurationKeepsEveryMicrosecond() {
    assertThat(parse("  1200.000 (1234.567 ms): mariadbd/31463 fsync(fd: 11)  = 0").durationMicros())
        .isEqualTo(1_234_567);
  }

  @Test
  void anErrorIsAFailedCall() {
    TraceLine line = parse("   319.971 ( 0.035 ms): bash/1070 fdatasync(fd: 999)                                  "
        + "  = -1 EBADF (Bad file descriptor)");
    assertThat(line.failed()).isTrue();
    assertThat(line.fd()).isEqualTo(999);
  }

  @Test
  void commandNamesWithSpacesAndSlashesEndAtTheLastThreadId() {
    assertThat(parse("    12.000 ( 0.010 ms): C2 CompilerThre/4711 fsync(fd: 7)   = 0").tid()).isEqualTo(4711);
    TraceLine kworker = parse("    12.000 ( 0.010 ms): kworker/u8:1/1234 fdatasync(fd: 5)   = 0");
    assertThat(kworker.tid()).isEqualTo(1234);
    assertThat(kworker.fd()).isEqualTo(5);
    assertThat(parse("    12.000 ( 0.010 ms): a/12 b/77 fsync(fd: 8)   = 0").tid()).isEqualTo(77);
  }

  @Test
  void anFdWithPerfsOwnPathIsStillItsNumber() {
    assertThat(parse("     1.000 ( 0.500 ms): postgres/2259 fdatasync(fd: 4</var/lib/pg 15/pg_wal/0001>)  = 0").fd())
        .isEqualTo(4);
  }

  @Test
  void anUnfinishedCallAndItsContinuationMakeOneCall() {
    UnfinishedCalls calls = new UnfinishedCalls();
    TraceLine start = parse("   422.024 (         ): postgres/2259 fdatasync(fd: 4)                           "
        + "        ...");
    TraceLine other = parse("   422.663 ( 0.179 ms): postgres/1148 pwrite64(fd: 19, buf: 0x7fa228174c00, count: 8192)"
        + "                    = 8192");
    TraceLine end = parse("   422.024 ( 1.447 ms): postgres/2259  ... [continued]: fdatasync())                   "
        + "                     = 0");
    assertThat(start.shape()).isEqualTo(Shape.UNFINISHED);
    assertThat(end.shape()).isEqualTo(Shape.CONTINUED);
    assertThat(calls.accept(start)).isEmpty();
    assertThat(calls.accept(other)).contains(new SyscallEvent("pwrite64", 1148, 19, 179, false));
    assertThat(calls.accept(end)).contains(new SyscallEvent("fdatasync", 2259, 4, 1447, false));
  }

  @Test
  void aContinuationWhoseStartCameBeforeTheTraceIsDropped() {
    TraceLine end = parse("         ? (         ): bash/1070  ... [continued]: pwrite64())                         "
        + "                = 4096");
    assertThat(end.shape()).isEqualTo(Shape.CONTINUED);
    assertThat(end.durationMicros()).isEqualTo(-1);
    assertThat(new UnfinishedCalls().accept(end)).isEmpty();
  }

  @Test
  void aContinuationOfAnotherCallThanTheThreadStartedIsDropped() {
    UnfinishedCalls calls = new UnfinishedCalls();
    calls.accept(parse("     1.000 (         ): java/55 fsync(fd: 9)   ..."));
    assertThat(calls.accept(parse("     1.000 ( 2.000 ms): java/55  ... [continued]: fdatasync())   = 0"))).isEmpty();
  }

  @Test
  void perfsOwnMessagesAreNotCalls() {
    assertThat(parser.parse("LOST 17 events!")).isEmpty();
    assertThat(parser.parse("Error:\tNo permissions to read /sys/kernel/tracing/events/raw_syscalls/sys_(enter|exit)"))
        .isEmpty();
    assertThat(parser.parse("")).isEmpty();
    assertThat(parser.parse("     0.000 ( 0.001 ms): a/1 not a call")).isEmpty();
  }

  private TraceLine parse(String line) {
    Optional<TraceLine> parsed = parser.parse(line);
    assertThat(parsed).as(line).isPresent();
    return parsed.get();
  }
}
