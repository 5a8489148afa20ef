package io.commitbench.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TabSeparatedRowStreamTest {

  /** Rows {@code i, "row-i"} for i in 1..count. */
  private static RowSource numbered(int count) {
    int[] next = {1};
    return row -> {
      if (next[0] > count) {
        return false;
      }
      row[0] = next[0];
      row[1] = "row-" + next[0]++;
      return true;
    };
  }

  private static String expected(int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 1; i <= count; i++) {
      text.append(i).append("\trow-").append(i).append('\n');
    }
    return text.toString();
  }

  @Test
  void readingEverythingGivesEveryRowOnceInOrder() throws IOException {
    TabSeparatedRowStream stream = new TabSeparatedRowStream(numbered(10_000), 2, 1000, 1 << 20);
    assertThat(new String(stream.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(expected(10_000));
    assertThat(stream.rows()).isEqualTo(10_000);
    assertThat(stream.read()).isEqualTo(-1);
  }

  @Test
  void smallReadsAndSingleBytesSeeTheSameBytes() {
    TabSeparatedRowStream stream = new TabSeparatedRowStream(numbered(300), 2, 64, 1 << 20);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] three = new byte[3];
    int n;
    boolean single = false;
    while (true) {
      if (single) {
        int b = stream.read();
        if (b < 0) {
          break;
        }
        out.write(b);
      } else {
        if ((n = stream.read(three, 0, 3)) < 0) {
          break;
        }
        out.write(three, 0, n);
      }
      single = !single;
    }
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(expected(300));
    assertThat(stream.rows()).isEqualTo(300);
  }

  @Test
  void noReadGivesMoreThanTheCapEvenWhenMoreIsBufferedAndAskedFor() throws IOException {
    TabSeparatedRowStream stream = new TabSeparatedRowStream(numbered(5_000), 2, 4096, 100);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] big = new byte[8192];
    int n;
    int largest = 0;
    while ((n = stream.read(big, 0, big.length)) >= 0) {
      largest = Math.max(largest, n);
      out.write(big, 0, n);
    }
    assertThat(largest).isEqualTo(100);
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(expected(5_000));
  }

  @Test
  void anEmptySourceIsAnEmptyStream() {
    TabSeparatedRowStream stream = new TabSeparatedRowStream(numbered(0), 2, 64, 1 << 20);
    assertThat(stream.read(new byte[8], 0, 8)).isEqualTo(-1);
    assertThat(stream.rows()).isZero();
  }

  @Test
  void aZeroLengthReadReadsNothing() {
    TabSeparatedRowStream stream = new TabSeparatedRowStream(numbered(1), 2, 64, 1 << 20);
    assertThat(stream.read(new byte[8], 0, 0)).isZero();
    assertThat(stream.rows()).isZero();
  }

  @Test
  void aStreamOfNoColumnsIsRefused() {
    assertThatThrownBy(() -> new TabSeparatedRowStream(numbered(1), 0, 64, 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("columns, refillBytes and maxReadBytes must be at least 1, not 0, 64 and 8");
  }
}
