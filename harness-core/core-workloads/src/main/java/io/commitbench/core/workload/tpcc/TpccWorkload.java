package io.commitbench.core.workload.tpcc;

import static io.commitbench.core.key.ParameterKeys.RATE;
import static io.commitbench.core.key.ParameterKeys.THINK_TIME;
import static io.commitbench.core.key.ParameterKeys.USERS;

import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.LoadKeys;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * TPC-C (standard specification, revision 5.11) on any database: the nine tables and their load,
 * the five transactions with the spec's inputs, in the spec's terminals with keying and think
 * times (tpmC) or as fast as the server takes them (NOPM), and the consistency conditions 1 to 4
 * checked after the load and after the run.
 */
public final class TpccWorkload implements Workload {

  @Override
  public String name() {
    return "tpcc";
  }

  @Override
  public String description() {
    return "TPC-C: New-Order, Payment, Order-Status, Delivery and Stock-Level on tpcc.warehouses; tpmC or NOPM";
  }

  @Override
  public List<Key> keys() {
    return TpccKeys.all();
  }

  @Override
  public boolean runsInCycles() {
    return false;
  }

  /**
   * In spec mode the terminals are the warehouses' (users = 10 per warehouse) and pace themselves,
   * so neither rate nor think.time may be set; a reused data set is found by table.prefix.
   */
  @Override
  public void check(WorkloadSettings settings, Set<String> given, Consumer<Violation> problems) {
    if (!settings.has(TpccKeys.WAREHOUSES) || !settings.has(TpccKeys.MODE)) {
      return; // a key with a bad value is reported already
    }
    LoadKeys.checkReuse(settings, given, " (the tpcc.seed of that prepare, too)", problems);
    if (TpccMode.parse(settings.text(TpccKeys.MODE)) != TpccMode.SPEC) {
      return;
    }
    long terminals = (long) TpccSettings.TERMINALS_PER_WAREHOUSE * settings.integer(TpccKeys.WAREHOUSES);
    if (settings.has(USERS) && settings.number(USERS) != terminals) {
      problems.accept(new Violation(USERS, Long.toString(settings.number(USERS)), "tpcc.mode=spec runs 10 terminals"
          + " per warehouse; allowed: users=" + terminals + " for tpcc.warehouses="
          + settings.integer(TpccKeys.WAREHOUSES) + ", or tpcc.mode=throughput for any number of users"));
    }
    for (String pacing : List.of(RATE, THINK_TIME)) {
      if (given.contains(pacing)) {
        problems.accept(new Violation(pacing, settings.has(pacing) ? String.valueOf(settings.values().get(pacing))
            : "", "tpcc.mode=spec paces its terminals by the spec's keying and think times; allowed: " + pacing
            + " with tpcc.mode=throughput"));
      }
    }
  }

  @Override
  public BoundWorkload bind(WorkloadSettings settings) {
    return new BoundTpccWorkload(TpccSettings.of(settings));
  }
}
