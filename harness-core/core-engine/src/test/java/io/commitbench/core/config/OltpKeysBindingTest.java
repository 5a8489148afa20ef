package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.problems;
import static io.commitbench.core.config.ConfigTestSupport.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.workload.WorkloadRegistry;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The OLTP workloads' keys as a parameter file meets them: defaults, and every bad value named. */
class OltpKeysBindingTest {

  private static ConfigBinder binder() {
    return new ConfigBinder(TestDialects.registry(), WorkloadRegistry.load(), Map.<String, String>of()::get);
  }

  private static Properties oltp(String... lines) {
    List<String> all = new java.util.ArrayList<>(List.of("workload=oltp_read_write", "duration=10"));
    all.addAll(List.of(lines));
    return properties(all);
  }

  @Test
  void sysbenchsDefaultsApply() throws ConfigException {
    BenchmarkConfig c = binder().bind(oltp(), Map.of());
    Map<String, String> e = c.effective();
    assertThat(e).containsEntry("oltp.tables", "1").containsEntry("oltp.table.size", "10000")
        .containsEntry("oltp.point.selects", "10").containsEntry("oltp.range.size", "100")
        .containsEntry("oltp.rand.type", "special").containsEntry("oltp.skip.trx", "false")
        .containsEntry("oltp.delete.inserts", "1").containsEntry("load", "fresh");
  }

  @Test
  void badValuesAreNamedWithWhatIsAllowed() {
    assertThat(problems(() -> binder().bind(oltp("oltp.rand.type=normal", "oltp.rand.pareto.h=1.5",
        "oltp.rand.zipfian.exp=x", "oltp.tables=0"), Map.of()))).containsExactlyInAnyOrder(
        "oltp.rand.type=normal: not an allowed value; allowed: one of uniform, gaussian, special, pareto, zipfian",
        "oltp.rand.pareto.h=1.5: out of range; allowed: a number above 0 and below 1, such as 0.2",
        "oltp.rand.zipfian.exp=x: not a number; allowed: a number from 0 to 1000, such as 0.8",
        "oltp.tables=0: out of range; allowed: a whole number from 1 to 100000");
  }

  @Test
  void reuseNeedsTheDataSetsPrefix() throws ConfigException {
    assertThat(problems(() -> binder().bind(oltp("load=reuse"), Map.of()))).singleElement()
        .asString().startsWith("load=reuse: a prepared data set is found by its names, but table.prefix is not set");
    assertThat(binder().bind(oltp("load=reuse", "table.prefix=sbtest"), Map.of()).tablePrefix()).isEqualTo("sbtest");
  }

  @Test
  void anOltpKeyIsRefusedForAnotherWorkload() {
    assertThat(problems(() -> binder().bind(properties(List.of("workload=commit", "duration=5", "oltp.tables=2")),
        Map.of()))).singleElement().asString().startsWith("oltp.tables=2: a key of workload=oltp_");
  }
}
