package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The deck of clause 5.2.4.2: 100 cards of the 45/43/4/4/4 mix, drawn without replacement. */
class TpccDeckTest {

  private static final TpccConstants C = TpccConstants.forRun(TpccConstants.forLoad(1), 1);

  @Test
  void tenThousandDrawsHoldEachTypeExactlyItsCardsPerHundred() {
    TpccDeck deck = new TpccDeck(new TpccRandom(3, C));
    assertThat(deck.size()).isEqualTo(100);
    long[] counts = new long[TpccTransaction.TYPES.size()];
    for (int i = 0; i < 10_000; i++) {
      counts[deck.draw()]++;
    }
    assertThat(counts).containsExactly(4500, 4300, 400, 400, 400);
  }

  @Test
  void everyHundredDrawsFromAFreshDeckHoldTheFullMix() {
    TpccDeck deck = new TpccDeck(new TpccRandom(5, C));
    for (int hand = 0; hand < 100; hand++) {
      long[] counts = new long[TpccTransaction.TYPES.size()];
      for (int i = 0; i < 100; i++) {
        counts[deck.draw()]++;
      }
      assertThat(counts).as("hand %d", hand).containsExactly(45, 43, 4, 4, 4);
    }
  }

  @Test
  void eachDeckIsShuffledAnew() {
    TpccDeck deck = new TpccDeck(new TpccRandom(7, C));
    List<Integer> first = draw(deck, 100);
    List<Integer> second = draw(deck, 100);
    assertThat(second).isNotEqualTo(first);
    assertThat(first.subList(0, 45)).as("shuffled, not in the order of the types").isNotEqualTo(
        java.util.Collections.nCopies(45, 0));
  }

  @Test
  void terminalsOfOtherSeedsDrawOtherSequences() {
    assertThat(draw(new TpccDeck(new TpccRandom(TpccTerminal.seed(1, 0), C)), 100))
        .isNotEqualTo(draw(new TpccDeck(new TpccRandom(TpccTerminal.seed(1, 1), C)), 100))
        .isEqualTo(draw(new TpccDeck(new TpccRandom(TpccTerminal.seed(1, 0), C)), 100));
  }

  private static List<Integer> draw(TpccDeck deck, int cards) {
    List<Integer> drawn = new ArrayList<>();
    for (int i = 0; i < cards; i++) {
      drawn.add(deck.draw());
    }
    return drawn;
  }
}
