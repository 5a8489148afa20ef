package io.commitbench.core.workload.index;

import io.commitbench.core.key.Key;
import java.util.List;

/**
 * The keys of the index test: how many records, how many rows each multi-row INSERT carries, how
 * many each read query returns at most, and the seed of the keys and the random walk.
 */
final class IndexKeys {

  static final String RECORDS = "index.records";
  static final String BATCH = "index.batch";
  static final String READ_PAGE = "index.read.page";
  static final String SEED = "index.seed";

  /** Ten tenths, each of at least one record. */
  static final long MIN_RECORDS = 10;
  /**
   * Rows of one INSERT: its parameters (8 a row) must stay under PostgreSQL's 32,767 bind
   * parameters per statement in older drivers; 1,000 rows are 8,000.
   */
  static final int MAX_BATCH = 1_000;

  private IndexKeys() {}

  static List<Key> all() {
    return List.of(
        Key.integer(RECORDS, 1_000_000, MIN_RECORDS, 2_000_000_000, "Records the test inserts (N), over all users,"
            + " each with a random 8-byte key; the first read and the second read then read all of them."),
        Key.integer(BATCH, 100, 1, MAX_BATCH, "Records per multi-row INSERT (one prepared statement, one"
            + " transaction); a user's last INSERT carries what is left of its share."),
        Key.integer(READ_PAGE, 1_000, 1, 1_000_000, "Records one read query returns at most: each user reads its"
            + " part of the key range in key order, page after page (WHERE k >= next ORDER BY k FETCH FIRST n)."),
        Key.integer(SEED, 0, 0, Integer.MAX_VALUE, "Seed of the keys and of the random walk of the fields; 0: from"
            + " the clock."));
  }
}
