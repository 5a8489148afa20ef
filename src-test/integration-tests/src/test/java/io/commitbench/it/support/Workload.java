package io.commitbench.it.support;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The paper's keys of a run, with the counts they must produce. Every actor runs {@code perTable}
 * inserts, selects, updates and deletes on each table in each cycle.
 */
public record Workload(int users, int sleepMillis, int tables, int perTable, int repeat) {

  /** The paper's testframe: 10 users 100 ms apart, 5 tables, 10 statements of each kind per table. */
  public static Workload paper(int repeat) {
    return new Workload(10, 100, 5, 10, repeat);
  }

  public Workload withSleep(int millis) {
    return new Workload(users, millis, tables, perTable, repeat);
  }

  /** The eight keys as a parameter file holds them. */
  public Map<String, String> keys() {
    Map<String, String> keys = new LinkedHashMap<>();
    keys.put("users", String.valueOf(users));
    keys.put("sleep", String.valueOf(sleepMillis));
    keys.put("tablename", String.valueOf(tables));
    keys.put("tableinsertnumber", String.valueOf(perTable));
    keys.put("tableselectnumber", String.valueOf(perTable));
    keys.put("tableupdatenumber", String.valueOf(perTable));
    keys.put("tabledeletenumber", String.valueOf(perTable));
    keys.put("repeat", String.valueOf(repeat));
    return keys;
  }

  /** Statements of one kind over the whole run: users × tables × per table × repeat. */
  public long statementsPerKind() {
    return (long) users * tables * perTable * repeat;
  }

  /**
   * Commits with autocommit off: each actor commits every {@code interval} statements and at the
   * end of each of its four phases, so a phase of {@code tables × perTable} statements takes
   * ceil(that / interval) commits.
   */
  public long commits(int interval) {
    long perPhase = ((long) tables * perTable + interval - 1) / interval;
    return (long) users * repeat * 4 * perPhase;
  }
}
