package io.commitbench.core.workload.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The index test's keys, key ranges, random walk, SQL text and figures, without a database. */
class IndexWorkloadTest {

  @Test
  void keysHaveDefaultsRangesAndDocs() {
    List<Key> keys = new IndexWorkload().keys();
    assertThat(keys).extracting(Key::name).containsExactly("index.records", "index.batch", "index.read.page",
        "index.seed");
    assertThat(keys).allSatisfy(k -> assertThat(k.doc()).isNotBlank());
    Key records = keys.get(0);
    assertThat(records.defaultValue()).contains("1000000");
    assertThat(records.parse("9").isOk()).isFalse();
    assertThat(keys.get(1).parse("1001").isOk()).isFalse();
  }

  @Test
  void durationTransactionsAndWarmupAreRefused() {
    Map<String, Object> values = new HashMap<>(Map.of("duration", 10L, "transactions", 5L, "warmup", 3L));
    List<Violation> problems = new ArrayList<>();
    new IndexWorkload().check(new WorkloadSettings(values), Set.of(), problems::add);
    assertThat(problems).extracting(Violation::key).containsExactlyInAnyOrder("duration", "transactions", "warmup");

    problems.clear();
    new IndexWorkload().check(new WorkloadSettings(Map.of("warmup", 0L)), Set.of(), problems::add);
    assertThat(problems).isEmpty();
  }

  @Test
  void keyRangesCoverEveryKeyOnceInOrder() {
    for (int parts : new int[] {1, 2, 3, 4, 7}) {
      KeyRange first = KeyRange.part(0, parts);
      KeyRange last = KeyRange.part(parts - 1, parts);
      assertThat(first.from()).isEqualTo(Long.MIN_VALUE);
      assertThat(last.to()).isEqualTo(Long.MAX_VALUE);
      for (int p = 1; p < parts; p++) {
        assertThat(KeyRange.part(p, parts).from()).isEqualTo(KeyRange.part(p - 1, parts).to() + 1);
      }
    }
    assertThat(KeyRange.part(0, 2).to()).isEqualTo(-1L);
    assertThat(KeyRange.part(1, 2).from()).isZero();
  }

  @Test
  void sharesSplitTheRecords() {
    IndexSettings s = new IndexSettings(103, 10, 100, 1, 4);
    assertThat(List.of(s.share(0), s.share(1), s.share(2), s.share(3))).containsExactly(26L, 26L, 26L, 25L);
  }

  @Test
  void randomWalkStaysInItsBoundsAndMovesByItsSteps() {
    TickWalk walk = new TickWalk(new SplittableRandom(42));
    long time = walk.time();
    double bid = walk.bid();
    int bidSize = walk.bidSize();
    for (int i = 0; i < 100_000; i++) {
      walk.step();
      assertThat(walk.time() - time).isBetween(1L, (long) TickWalk.MAX_TIME_STEP_MILLIS);
      assertThat(Math.abs(walk.bid() - bid)).isLessThanOrEqualTo(TickWalk.MAX_BID_STEP + 1e-12);
      assertThat(Math.abs(walk.bidSize() - bidSize)).isLessThanOrEqualTo(TickWalk.MAX_SIZE_STEP);
      assertThat(walk.bid()).isGreaterThanOrEqualTo(TickWalk.MIN_BID);
      assertThat(walk.ask() - walk.bid()).isBetween(TickWalk.MIN_SPREAD - 1e-12, TickWalk.MAX_SPREAD + 1e-12);
      assertThat(walk.bidSize()).isBetween(TickWalk.MIN_SIZE, TickWalk.MAX_SIZE);
      assertThat(walk.askSize()).isBetween(TickWalk.MIN_SIZE, TickWalk.MAX_SIZE);
      assertThat(walk.symbol()).hasSize(6);
      assertThat(walk.provider()).hasSize(6);
      time = walk.time();
      bid = walk.bid();
      bidSize = walk.bidSize();
    }
  }

  @Test
  void theSameSeedWalksTheSameWay() {
    TickWalk a = new TickWalk(new SplittableRandom(7));
    TickWalk b = new TickWalk(new SplittableRandom(7));
    for (int i = 0; i < 1000; i++) {
      a.step();
      b.step();
    }
    assertThat(a.bid()).isEqualTo(b.bid());
    assertThat(a.time()).isEqualTo(b.time());
  }

  @Test
  void reflectComesBackInside() {
    assertThat(TickWalk.reflect(-2, 0, 10)).isEqualTo(2);
    assertThat(TickWalk.reflect(12, 0, 10)).isEqualTo(8);
    assertThat(TickWalk.reflect(5, 0, 10)).isEqualTo(5);
  }

  @Test
  void pageOrderCountsKeysOutOfOrder() {
    IndexActorWork.PageOrder order = new IndexActorWork.PageOrder(10);
    order.next(11);
    order.next(15);
    order.next(13);
    order.next(9);
    order.next(20);
    assertThat(order.outOfOrder).isEqualTo(2);
    assertThat(order.last()).isEqualTo(20);
  }

  @Test
  void readPageSql() {
    var table = new io.commitbench.core.dialect.TableSpec("t_1", "s", "s.t_1", 8);
    assertThat(IndexTableSql.readPage(table, 500)).isEqualTo("SELECT k, ts, bid, ask, bid_size, ask_size, symbol,"
        + " provider FROM s.t_1 WHERE k >= ? AND k <= ? ORDER BY k FETCH FIRST 500 ROWS ONLY");
  }

  @Test
  void curveHasOnePointPerTenthAndRatesFromTheTimes() {
    IndexProgress p = new IndexProgress(100);
    long t = 1_000_000_000L;
    p.starting(IndexProgress.INSERT, t);
    // 10 inserts of 10 records, the k-th ending k * 100 ms after the start, except the 5th at 300 ms more.
    long end = t;
    for (int k = 1; k <= 10; k++) {
      end += k == 5 ? 400_000_000L : 100_000_000L;
      p.inserted(10, end);
    }
    p.starting(IndexProgress.FIRST_READ, end + 1_000_000_000L);
    p.read(IndexProgress.FIRST_READ, 100, 0, end + 1_500_000_000L);
    p.starting(IndexProgress.SECOND_READ, end + 2_000_000_000L);
    p.read(IndexProgress.SECOND_READ, 60, 1, end + 2_250_000_000L);
    p.read(IndexProgress.SECOND_READ, 40, 0, end + 2_500_000_000L);
    p.dataSize(new DataSize(3 * 1024 * 1024, "test"));

    IndexFigures f = p.figures();
    assertThat(f.curve()).hasSize(10);
    assertThat(f.curve().get(0).recordsPerSecond()).isCloseTo(100.0, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(f.curve().get(4).recordsPerSecond()).isCloseTo(25.0, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(f.curve().get(9).elapsedNanos()).isEqualTo(1_300_000_000L);
    assertThat(f.insert().records()).isEqualTo(100);
    assertThat(f.insert().recordsPerSecond()).isCloseTo(100 / 1.3, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(f.firstRead().recordsPerSecond()).isCloseTo(200.0, org.assertj.core.data.Offset.offset(1e-6));
    assertThat(f.secondRead().records()).isEqualTo(100);
    assertThat(f.secondRead().outOfOrder()).isEqualTo(1);
    assertThat(f.totalNanos()).isEqualTo(1_300_000_000L + 2_500_000_000L);
    assertThat(f.size()).get().extracting(DataSize::megabytes).isEqualTo(3.0);

    String csv = IndexReport.curveCsv(f);
    assertThat(csv.lines()).hasSize(11).first().isEqualTo(IndexReport.CURVE_HEADER);
    assertThat(csv.lines().skip(10).findFirst().orElseThrow()).startsWith("10,10,100,");
    assertThat(IndexReport.block(f)).contains("first read:").contains("200 records/s").contains("3.0 MB (test)")
        .contains("1 out of key order");
    assertThat(IndexReport.figures(f)).containsKeys("insert", "insertCurve", "firstRead", "secondRead", "dataSize",
        "totalSeconds");
  }

  @Test
  void aCurveStopsAtTheLastCompleteTenth() {
    IndexProgress p = new IndexProgress(1000);
    p.starting(IndexProgress.INSERT, 1);
    p.inserted(250, 1_000);
    IndexFigures f = p.figures();
    assertThat(f.curve()).extracting(IndexFigures.CurvePoint::tenth).containsExactly(1, 2);
    assertThat(IndexReport.block(f)).contains("only 2 of 10 tenths were complete");
  }
}
