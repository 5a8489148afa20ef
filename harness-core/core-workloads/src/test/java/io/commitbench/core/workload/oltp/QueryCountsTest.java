package io.commitbench.core.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.workload.LoadMode;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Statements per transaction of each script, as sysbench 1.0.20 counts them with its defaults. */
class QueryCountsTest {

  private static OltpSettings defaults(boolean skipTrx, boolean rangeSelects) {
    return new OltpSettings(1, 10_000, 100, 10, 1, 1, 1, 1, 1, 1, 1, rangeSelects, skipTrx, true,
        new RandomIds.Parameters(RandomIds.Type.SPECIAL, 12, 1, 75, 0.2, 0.8), 0, LoadMode.FRESH, 4);
  }

  @Test
  void eachScriptSendsSysbenchsReadsWritesAndOthers() {
    Map<OltpScript, QueryCounts> expected = Map.of(
        OltpScript.READ_WRITE, new QueryCounts(14, 4, 2),
        OltpScript.READ_ONLY, new QueryCounts(14, 0, 2),
        OltpScript.WRITE_ONLY, new QueryCounts(0, 4, 2),
        OltpScript.POINT_SELECT, new QueryCounts(1, 0, 0),
        OltpScript.UPDATE_INDEX, new QueryCounts(0, 1, 0),
        OltpScript.UPDATE_NON_INDEX, new QueryCounts(0, 1, 0),
        OltpScript.INSERT, new QueryCounts(0, 1, 0),
        OltpScript.DELETE, new QueryCounts(0, 1, 0));
    expected.forEach((script, counts) ->
        assertThat(QueryCounts.perTransaction(script, defaults(false, true))).as(script.label()).isEqualTo(counts));
  }

  @Test
  void skipTrxDropsBeginAndCommitAndRangeSelectsOffDropsTheRanges() {
    assertThat(QueryCounts.perTransaction(OltpScript.READ_WRITE, defaults(true, true)))
        .isEqualTo(new QueryCounts(14, 4, 0));
    assertThat(QueryCounts.perTransaction(OltpScript.READ_WRITE, defaults(false, false)))
        .isEqualTo(new QueryCounts(10, 4, 2));
  }
}
