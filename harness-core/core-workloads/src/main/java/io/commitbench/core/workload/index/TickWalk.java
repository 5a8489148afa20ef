package io.commitbench.core.workload.index;

import java.util.SplittableRandom;

/**
 * The fields of one user's records, each a random walk as the test goes (the ticks of Tronkov's
 * Database Benchmark): the time steps forward 1 to 1,000 ms, the bid moves by up to ±0.0005 and
 * stays positive, the spread between bid and ask moves within 0.00001..0.001, the sizes by up to
 * ±10 within 1..10,000; symbol and provider are drawn from short lists. Confined to one thread.
 *
 * <pre>
 * TickWalk walk = new TickWalk(new SplittableRandom(seed));
 * walk.step();
 * statement.setDouble(3, walk.bid());
 * </pre>
 */
final class TickWalk {

  static final double MIN_BID = 0.0001;
  static final double MAX_BID_STEP = 0.0005;
  static final double MIN_SPREAD = 0.00001;
  static final double MAX_SPREAD = 0.001;
  static final int MAX_SIZE_STEP = 10;
  static final int MIN_SIZE = 1;
  static final int MAX_SIZE = 10_000;
  static final int MAX_TIME_STEP_MILLIS = 1_000;
  private static final String[] SYMBOLS = {"EURUSD", "GBPUSD", "USDJPY", "USDCHF", "AUDUSD", "USDCAD", "NZDUSD",
      "EURGBP"};
  private static final String[] PROVIDERS = {"ECN001", "ECN002", "ECN003", "ECN004"};
  /** 2020-01-01T00:00:00Z, where every walk's time starts. */
  private static final long START_MILLIS = 1_577_836_800_000L;

  private final SplittableRandom random;
  private long time = START_MILLIS;
  private double bid = 1.0;
  private double spread = 0.0002;
  private int bidSize = 100;
  private int askSize = 100;
  private String symbol = SYMBOLS[0];
  private String provider = PROVIDERS[0];

  TickWalk(SplittableRandom random) {
    this.random = random;
  }

  /** Moves every field one step. */
  void step() {
    time += 1 + random.nextInt(MAX_TIME_STEP_MILLIS);
    bid = reflect(bid + (random.nextDouble() * 2 - 1) * MAX_BID_STEP, MIN_BID, Double.MAX_VALUE);
    spread = reflect(spread + (random.nextDouble() * 2 - 1) * MIN_SPREAD * 10, MIN_SPREAD, MAX_SPREAD);
    bidSize = (int) reflect(bidSize + random.nextInt(-MAX_SIZE_STEP, MAX_SIZE_STEP + 1), MIN_SIZE, MAX_SIZE);
    askSize = (int) reflect(askSize + random.nextInt(-MAX_SIZE_STEP, MAX_SIZE_STEP + 1), MIN_SIZE, MAX_SIZE);
    symbol = SYMBOLS[random.nextInt(SYMBOLS.length)];
    provider = PROVIDERS[random.nextInt(PROVIDERS.length)];
  }

  /** A value that stepped past a bound comes back inside by as much as it overshot. */
  static double reflect(double value, double min, double max) {
    if (value < min) {
      return Math.min(max, min + (min - value));
    }
    if (value > max) {
      return Math.max(min, max - (value - max));
    }
    return value;
  }

  long time() {
    return time;
  }

  double bid() {
    return bid;
  }

  double ask() {
    return bid + spread;
  }

  int bidSize() {
    return bidSize;
  }

  int askSize() {
    return askSize;
  }

  String symbol() {
    return symbol;
  }

  String provider() {
    return provider;
  }
}
