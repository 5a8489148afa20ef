package io.commitbench.core.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ByteSizeTest {

  @Test
  void readsBytesAndBinaryMultiples() {
    assertThat(ByteSize.parse("4096")).isEqualTo(4096);
    assertThat(ByteSize.parse("64k")).isEqualTo(64L << 10);
    assertThat(ByteSize.parse(" 512M ")).isEqualTo(512L << 20);
    assertThat(ByteSize.parse("1GiB")).isEqualTo(1L << 30);
    assertThat(ByteSize.parse("2T")).isEqualTo(2L << 40);
  }

  @Test
  void refusesWhatIsNotASizeOrTooLarge() {
    assertThatThrownBy(() -> ByteSize.parse("lots")).hasMessageContaining("is not a size; give bytes or a number");
    assertThatThrownBy(() -> ByteSize.parse("-1M")).hasMessageContaining("is not a size");
    assertThatThrownBy(() -> ByteSize.parse("99999999999999999999")).hasMessageContaining("too large");
    assertThatThrownBy(() -> ByteSize.parse("9000000T")).hasMessageContaining("too large");
  }
}
