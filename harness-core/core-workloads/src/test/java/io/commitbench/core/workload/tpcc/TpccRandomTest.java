package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.IntSummaryStatistics;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * TPC-C's random inputs: NURand's formula and range, the constants C under clause 2.1.6.1, the
 * last names of clause 4.3.2.3, a-strings, n-strings, zip codes and the data columns with
 * ORIGINAL.
 */
class TpccRandomTest {

  private static final TpccConstants CONSTANTS = new TpccConstants(123, 456, 7_890);

  @Test
  void nurandOrsTheTwoUniformNumbersAddsCAndWrapsIntoTheRange() {
    assertThat(TpccRandom.nurand(255, 0, 999, 0, 5, 10)).as("(5 | 10) + 0").isEqualTo(15);
    assertThat(TpccRandom.nurand(255, 0, 999, 200, 255, 999)).as("(1023 + 200) % 1000").isEqualTo(223);
    assertThat(TpccRandom.nurand(1023, 1, 3000, 100, 1023, 3000)).as("((3071 + 100) % 3000) + 1").isEqualTo(172);
    assertThat(TpccRandom.nurand(8191, 1, 100_000, 99_999, 0, 1)).as("(1 + 99999) % 100000 + 1").isEqualTo(1);
  }

  @Test
  void nurandDrawsStayInTheirRanges() {
    TpccRandom random = new TpccRandom(11, CONSTANTS);

    assertThat(draws(random::customerId)).as("customer ids reach both ends")
        .returns(1, IntSummaryStatistics::getMin).returns(3000, IntSummaryStatistics::getMax);
    assertThat(draws(random::lastNameNumber)).as("last names reach both ends")
        .returns(0, IntSummaryStatistics::getMin).returns(999, IntSummaryStatistics::getMax);
    IntSummaryStatistics items = draws(random::itemId);
    assertThat(items.getMin()).isGreaterThanOrEqualTo(1);
    assertThat(items.getMax()).isLessThanOrEqualTo(100_000);
  }

  /** NURand is not uniform: its most common last name is drawn far more often than one in a thousand. */
  @Test
  void nurandFavoursSomeValues() {
    TpccRandom random = new TpccRandom(12, CONSTANTS);
    int[] counts = new int[1000];
    int draws = 200_000;
    for (int i = 0; i < draws; i++) {
      counts[random.lastNameNumber()]++;
    }

    assertThat(Arrays.stream(counts).max().orElseThrow()).isGreaterThan(3 * draws / 1000);
  }

  @Test
  void everyLoadConstantGetsARunConstantUnderClause2161() {
    for (int load = 0; load <= TpccConstants.A_LAST_NAME; load++) {
      for (long seed = 1; seed <= 5; seed++) {
        TpccConstants run = TpccConstants.forRun(new TpccConstants(load, 17, 19), seed);

        assertThat(run.lastName()).as("load C %d, seed %d", load, seed).isBetween(0, TpccConstants.A_LAST_NAME);
        assertThat(TpccConstants.validRunLastName(load, run.lastName())).as("load C %d, run C %d", load,
            run.lastName()).isTrue();
        assertThat(run.customerId()).isEqualTo(17);
        assertThat(run.itemId()).isEqualTo(19);
      }
    }
  }

  @Test
  void theRunsLastNameConstantLiesBetween65And119AwayButNot96Or112() {
    assertThat(TpccConstants.validRunLastName(100, 164)).as("64").isFalse();
    assertThat(TpccConstants.validRunLastName(100, 165)).as("65").isTrue();
    assertThat(TpccConstants.validRunLastName(100, 196)).as("96").isFalse();
    assertThat(TpccConstants.validRunLastName(100, 212)).as("112").isFalse();
    assertThat(TpccConstants.validRunLastName(100, 219)).as("119").isTrue();
    assertThat(TpccConstants.validRunLastName(100, 220)).as("120").isFalse();
    assertThat(TpccConstants.validRunLastName(165, 100)).as("65 below").isTrue();
    assertThat(TpccConstants.validRunLastName(196, 100)).as("96 below").isFalse();
    assertThat(TpccConstants.validRunLastName(100, 100)).as("0").isFalse();
  }

  @Test
  void theLoadConstantsComeFromTheSeedWithinTheirRanges() {
    TpccConstants load = TpccConstants.forLoad(42);

    assertThat(TpccConstants.forLoad(42)).isEqualTo(load);
    assertThat(load.lastName()).isBetween(0, TpccConstants.A_LAST_NAME);
    assertThat(load.customerId()).isBetween(0, TpccConstants.A_CUSTOMER_ID);
    assertThat(load.itemId()).isBetween(0, TpccConstants.A_ITEM_ID);
  }

  @Test
  void lastNamesAreThreeSyllablesByTheNumbersDigits() {
    assertThat(TpccRandom.lastName(371)).isEqualTo("PRICALLYOUGHT");
    assertThat(TpccRandom.lastName(0)).isEqualTo("BARBARBAR");
    assertThat(TpccRandom.lastName(999)).isEqualTo("EINGEINGEING");
    assertThat(TpccRandom.lastName(40)).isEqualTo("BARPRESBAR");
    assertThat(IntStream.range(0, 1000).mapToObj(TpccRandom::lastName).distinct().count()).isEqualTo(1000);
  }

  @Test
  void aStringsAreAlphanumericOfTheirLengths() {
    TpccRandom random = new TpccRandom(13, CONSTANTS);
    IntSummaryStatistics lengths = new IntSummaryStatistics();
    for (int i = 0; i < 2_000; i++) {
      String text = random.aString(14, 24);
      lengths.accept(text.length());
      assertThat(text).matches("[0-9A-Za-z]{14,24}");
    }

    assertThat(lengths.getMin()).isEqualTo(14);
    assertThat(lengths.getMax()).isEqualTo(24);
    assertThat(random.aString(24, 24)).hasSize(24);
  }

  @Test
  void nStringsAreDigitsOfTheirLengths() {
    TpccRandom random = new TpccRandom(14, CONSTANTS);
    for (int i = 0; i < 1_000; i++) {
      assertThat(random.nString(16, 16)).matches("[0-9]{16}");
      assertThat(random.nString(1, 3)).matches("[0-9]{1,3}");
    }
  }

  @Test
  void zipCodesAreFourDigitsThen11111() {
    TpccRandom random = new TpccRandom(15, CONSTANTS);
    for (int i = 0; i < 1_000; i++) {
      assertThat(random.zip()).matches("[0-9]{4}11111");
    }
  }

  /** 10,000 draws: one in ten is 1,000 expected, with a standard deviation of 30; 150 is five of them. */
  @Test
  void aboutOneDataInTenHoldsOriginal() {
    TpccRandom random = new TpccRandom(16, CONSTANTS);
    int original = 0;
    for (int i = 0; i < 10_000; i++) {
      String data = random.data();
      assertThat(data).matches("[0-9A-Za-z]{26,50}");
      if (data.contains("ORIGINAL")) {
        original++;
      }
    }

    assertThat(original).isBetween(850, 1_150);
  }

  @Test
  void theSameSeedDrawsTheSameInputs() {
    TpccRandom one = new TpccRandom(99, CONSTANTS);
    TpccRandom other = new TpccRandom(99, CONSTANTS);

    assertThat(IntStream.range(0, 100).map(i -> one.customerId()).toArray())
        .containsExactly(IntStream.range(0, 100).map(i -> other.customerId()).toArray());
    assertThat(one.data()).isEqualTo(other.data());
  }

  /** The lowest and the highest of 200,000 draws. */
  private static IntSummaryStatistics draws(IntSupplier draw) {
    return IntStream.range(0, 200_000).map(i -> draw.getAsInt()).summaryStatistics();
  }
}
