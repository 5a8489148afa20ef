package io.commitbench.core.workload.oltp;

import java.util.List;
import java.util.function.ToIntFunction;

/**
 * One {@code execute_*} function of sysbench's {@code oltp_common.lua}: a group of statements on
 * one table chosen at random ({@code get_table_num()}), run {@code count} times.
 *
 * @param name the sysbench option that counts it ({@code point_selects})
 * @param statements what one repetition runs, in order (a delete and an insert for delete_inserts)
 * @param count how many repetitions a transaction has, from the settings
 */
record Step(String name, List<Statement> statements, ToIntFunction<OltpSettings> count) {

  static final Step POINT_SELECTS = new Step("point_selects", List.of(Statement.POINT_SELECT),
      OltpSettings::pointSelects);
  static final Step SIMPLE_RANGES = range("simple_ranges", Statement.SIMPLE_RANGE, OltpSettings::simpleRanges);
  static final Step SUM_RANGES = range("sum_ranges", Statement.SUM_RANGE, OltpSettings::sumRanges);
  static final Step ORDER_RANGES = range("order_ranges", Statement.ORDER_RANGE, OltpSettings::orderRanges);
  static final Step DISTINCT_RANGES = range("distinct_ranges", Statement.DISTINCT_RANGE,
      OltpSettings::distinctRanges);
  static final Step INDEX_UPDATES = new Step("index_updates", List.of(Statement.INDEX_UPDATE),
      OltpSettings::indexUpdates);
  static final Step NON_INDEX_UPDATES = new Step("non_index_updates", List.of(Statement.NON_INDEX_UPDATE),
      OltpSettings::nonIndexUpdates);
  static final Step DELETE_INSERTS = new Step("delete_inserts", List.of(Statement.DELETE, Statement.INSERT),
      OltpSettings::deleteInserts);
  /** oltp_point_select sets {@code point_selects=1} whatever the option says. */
  static final Step ONE_POINT_SELECT = new Step("point_selects", List.of(Statement.POINT_SELECT), s -> 1);
  /** oltp_delete's event: one delete. */
  static final Step ONE_DELETE = new Step("delete", List.of(Statement.DELETE), s -> 1);
  /** oltp_insert's event: one insert with a generated id. */
  static final Step ONE_INSERT = new Step("insert", List.of(Statement.AUTO_ID_INSERT), s -> 1);

  /** The range SELECTs run only with {@code range_selects} on. */
  private static Step range(String name, Statement statement, ToIntFunction<OltpSettings> count) {
    return new Step(name, List.of(statement), s -> s.rangeSelects() ? count.applyAsInt(s) : 0);
  }

  int repetitions(OltpSettings settings) {
    return count.applyAsInt(settings);
  }
}
