package io.commitbench.core.workload.percona;

import java.util.SplittableRandom;

/**
 * Draws an index with probability proportional to its weight; a weight of 0 is never drawn.
 * Confined to one thread.
 */
final class WeightedChoice {

  private final int[] cumulative;
  private final SplittableRandom random;

  WeightedChoice(int[] weights, SplittableRandom random) {
    this.cumulative = new int[weights.length];
    int sum = 0;
    for (int i = 0; i < weights.length; i++) {
      if (weights[i] < 0) {
        throw new IllegalArgumentException("weight " + i + " is negative: " + weights[i]);
      }
      sum += weights[i];
      cumulative[i] = sum;
    }
    if (sum == 0) {
      throw new IllegalArgumentException("every weight is 0");
    }
    this.random = random;
  }

  int next() {
    int draw = random.nextInt(cumulative[cumulative.length - 1]);
    for (int i = 0; ; i++) {
      if (draw < cumulative[i]) {
        return i;
      }
    }
  }
}
