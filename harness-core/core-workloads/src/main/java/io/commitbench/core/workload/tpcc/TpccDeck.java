package io.commitbench.core.workload.tpcc;

/**
 * A terminal's deck of transaction cards (clause 5.2.4.2): each type's {@link
 * TpccTransaction#cards} of 100, shuffled, drawn without replacement and shuffled again when the
 * last card is drawn, so every 100 transactions hold the mix exactly. Confined to the terminal's
 * thread.
 */
final class TpccDeck {

  private final TpccRandom random;
  private final int[] cards;
  private int next;

  TpccDeck(TpccRandom random) {
    this.random = random;
    int size = TpccTransaction.TYPES.stream().mapToInt(t -> t.cards).sum();
    this.cards = new int[size];
    int at = 0;
    for (TpccTransaction type : TpccTransaction.TYPES) {
      for (int i = 0; i < type.cards; i++) {
        cards[at++] = type.ordinal();
      }
    }
    this.next = size;
  }

  /** The cards in the deck, 100. */
  int size() {
    return cards.length;
  }

  /** The next card's transaction type (an index of {@link TpccTransaction#TYPES}). */
  int draw() {
    if (next == cards.length) {
      shuffle();
      next = 0;
    }
    return cards[next++];
  }

  /** Fisher-Yates. */
  private void shuffle() {
    for (int i = cards.length - 1; i > 0; i--) {
      int j = random.uniform(0, i);
      int card = cards[i];
      cards[i] = cards[j];
      cards[j] = card;
    }
  }
}
