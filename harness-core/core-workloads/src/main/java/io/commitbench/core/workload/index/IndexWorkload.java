package io.commitbench.core.workload.index;

import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The index stress test of Tronkov's Database Benchmark: N records with random 8-byte keys,
 * generated as the test goes, inserted by {@code users} threads in multi-row INSERTs through
 * prepared statements; then every record read in key order, twice (the first and the second
 * read). Reports the insert rate overall and for each tenth of N as the data grows, both reads'
 * rates, the database size as the server reports it, and the total time.
 *
 * <p>It runs in three cycles, one per phase, and is count-based: the phases are the run, so
 * neither {@code duration} nor {@code transactions} nor a warm-up applies.
 */
public final class IndexWorkload implements Workload {

  @Override
  public String name() {
    return "index";
  }

  @Override
  public String description() {
    return "Tronkov's index test: N random 8-byte keys inserted in multi-row INSERTs, then read in key order twice";
  }

  @Override
  public List<Key> keys() {
    return IndexKeys.all();
  }

  @Override
  public boolean runsInCycles() {
    return true;
  }

  @Override
  public void check(WorkloadSettings s, Set<String> given, Consumer<Violation> problems) {
    for (String key : List.of(ParameterKeys.DURATION, ParameterKeys.TRANSACTIONS)) {
      if (s.has(key)) {
        problems.accept(new Violation(key, String.valueOf(s.number(key)), "not with workload=index, whose run is"
            + " its three phases (insert, first read, second read); allowed: absent, and index.records for the size"));
      }
    }
    if (s.has(ParameterKeys.WARMUP) && s.number(ParameterKeys.WARMUP) > 0) {
      problems.accept(new Violation(ParameterKeys.WARMUP, String.valueOf(s.number(ParameterKeys.WARMUP)),
          "not with workload=index: a warm-up cycle would insert N records of its own before the measured ones;"
              + " allowed: 0"));
    }
  }

  @Override
  public BoundWorkload bind(WorkloadSettings settings) {
    return new BoundIndexWorkload(IndexSettings.of(settings));
  }
}
