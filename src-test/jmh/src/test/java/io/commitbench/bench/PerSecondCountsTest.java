package io.commitbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/**
 * The per-second lines that scripts/bench/oltp-paired.py reads in sysbench's shape: one per whole
 * second up to the end, each the transactions counted since the line before.
 */
class PerSecondCountsTest {

  @Test
  void printsOneLinePerWholeSecondWithTheCountsSinceTheLineBefore() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    LongAdder executed = new LongAdder();
    executed.add(1_234); // counted before the first second ends, none after it
    Thread printer = PerSecondCounts.start(3, executed, System.nanoTime() + 2_500_000_000L, out);
    printer.join(10_000);

    assertThat(printer.isAlive()).as("the printer ends at endNanos").isFalse();
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).matches("per-second counts from epoch \\d+\\.\\d{3}");
    assertThat(lines.subList(1, 3)).containsExactly("[ 1s ] thds: 3 tps: 1234.00", "[ 2s ] thds: 3 tps: 0.00");
  }
}
