package io.commitbench.core.workload.tpcc;

import java.util.SplittableRandom;

/**
 * The constants C of NURand (clause 2.1.6): one for C_LAST, C_ID and OL_I_ID each, drawn from
 * [0, A]. The load's and the run's C_LAST differ under the rule of clause 2.1.6.1: their distance
 * lies in [65, 119] and is neither 96 nor 112, so the names the run asks for are not exactly those
 * the load made most common. C_ID and OL_I_ID may be the same in both; the run keeps the load's.
 *
 * @param lastName C for C_LAST, NURand(255, 0, 999)
 * @param customerId C for C_ID, NURand(1023, 1, 3000)
 * @param itemId C for OL_I_ID, NURand(8191, 1, 100000)
 */
record TpccConstants(int lastName, int customerId, int itemId) {

  static final int A_LAST_NAME = 255;
  static final int A_CUSTOMER_ID = 1023;
  static final int A_ITEM_ID = 8191;

  /** The load's constants, from the seed: the same seed gives the same data. */
  static TpccConstants forLoad(long seed) {
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 17);
    return new TpccConstants(random.nextInt(A_LAST_NAME + 1), random.nextInt(A_CUSTOMER_ID + 1),
        random.nextInt(A_ITEM_ID + 1));
  }

  /** The run's constants for a data set loaded with {@code load}: C_LAST under clause 2.1.6.1's rule. */
  static TpccConstants forRun(TpccConstants load, long seed) {
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 29);
    int lastName;
    do {
      lastName = random.nextInt(A_LAST_NAME + 1);
    } while (!validRunLastName(load.lastName(), lastName));
    return new TpccConstants(lastName, load.customerId(), load.itemId());
  }

  /** Clause 2.1.6.1: 65 <= |C_run - C_load| <= 119, and the distance is neither 96 nor 112. */
  static boolean validRunLastName(int load, int run) {
    int delta = Math.abs(run - load);
    return delta >= 65 && delta <= 119 && delta != 96 && delta != 112;
  }
}
