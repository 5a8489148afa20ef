package io.commitbench.core.workload.oltp;

import java.util.List;

/**
 * The eight OLTP scripts of sysbench 1.0.20 ({@code /usr/share/sysbench/oltp_*.lua}): which
 * steps one event (our transaction) runs, in order, and whether it is wrapped in BEGIN and COMMIT
 * (those whose {@code event()} calls {@code begin()} unless {@code --skip-trx}); the others run
 * each statement in autocommit mode.
 */
enum OltpScript {
  READ_WRITE("oltp_read_write", true, List.of(Step.POINT_SELECTS, Step.SIMPLE_RANGES, Step.SUM_RANGES,
      Step.ORDER_RANGES, Step.DISTINCT_RANGES, Step.INDEX_UPDATES, Step.NON_INDEX_UPDATES, Step.DELETE_INSERTS),
      "sysbench oltp_read_write: point and range SELECTs, UPDATEs, a DELETE/INSERT pair, in one transaction"),
  READ_ONLY("oltp_read_only", true, List.of(Step.POINT_SELECTS, Step.SIMPLE_RANGES, Step.SUM_RANGES,
      Step.ORDER_RANGES, Step.DISTINCT_RANGES), "sysbench oltp_read_only: point and range SELECTs in one transaction"),
  WRITE_ONLY("oltp_write_only", true, List.of(Step.INDEX_UPDATES, Step.NON_INDEX_UPDATES, Step.DELETE_INSERTS),
      "sysbench oltp_write_only: UPDATEs and a DELETE/INSERT pair in one transaction"),
  POINT_SELECT("oltp_point_select", false, List.of(Step.ONE_POINT_SELECT),
      "sysbench oltp_point_select: one primary-key SELECT, autocommit"),
  UPDATE_INDEX("oltp_update_index", false, List.of(Step.INDEX_UPDATES),
      "sysbench oltp_update_index: UPDATE of the indexed column k, autocommit"),
  UPDATE_NON_INDEX("oltp_update_non_index", false, List.of(Step.NON_INDEX_UPDATES),
      "sysbench oltp_update_non_index: UPDATE of the column c, autocommit"),
  INSERT("oltp_insert", false, List.of(Step.ONE_INSERT),
      "sysbench oltp_insert: one INSERT with a generated id, autocommit"),
  DELETE("oltp_delete", false, List.of(Step.ONE_DELETE), "sysbench oltp_delete: one DELETE by id, autocommit");

  private final String label;
  private final boolean transactional;
  private final List<Step> steps;
  private final String description;

  OltpScript(String label, boolean transactional, List<Step> steps, String description) {
    this.label = label;
    this.transactional = transactional;
    this.steps = steps;
    this.description = description;
  }

  /** The workload's name and its one transaction type: sysbench's script name. */
  String label() {
    return label;
  }

  /** Whether an event is one explicit transaction, unless {@code skip_trx}. */
  boolean transactional() {
    return transactional;
  }

  List<Step> steps() {
    return steps;
  }

  String description() {
    return description;
  }
}
