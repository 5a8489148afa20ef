package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.TransactionContext;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

/**
 * A run's actors driven from outside a run: each runs its workload's cycle on a connection of the
 * configured URL or of the caller's DataSource, records into the measurements, and is held to the
 * configuration's transaction budget from its first transaction.
 */
class RunActorsTest {

  /** Ends its cycle after this many transactions, when no budget ends it first. */
  private static final int PER_CYCLE = 20;

  private static final Dialect H2_URLS = new ClassifyingTestDialect() {
    @Override
    public boolean acceptsUrl(String jdbcUrl) {
      return jdbcUrl.startsWith("jdbc:h2:");
    }
  };

  @Test
  void anActorOverTheCallersDataSourceRunsItsCycleIntoTheMeasurements() throws Exception {
    JdbcDataSource database = new JdbcDataSource();
    database.setURL("jdbc:h2:mem:" + UUID.randomUUID());

    RunTotals totals;
    try (RunActors actors = RunActors.over(database, config("duration=10"), new SelectOne(), H2_URLS)) {
      totals = oneCycle(actors);
    }

    assertThat(totals.transactions()).isEqualTo(PER_CYCLE);
  }

  @Test
  void anActorConnectsToTheConfiguredUrlAndStopsWhereTheBudgetEnds() throws Exception {
    RunTotals totals;
    try (RunActors actors = RunActors.of(config("transactions=7"), new SelectOne(), H2_URLS)) {
      totals = oneCycle(actors);
    }

    assertThat(totals.transactions()).isEqualTo(7);
  }

  /** Actor 1's first cycle, sampled as one measured interval. */
  private static RunTotals oneCycle(RunActors actors) throws Exception {
    IntervalSampler sampler = new IntervalSampler(actors.measurements(), System.nanoTime(),
        System.currentTimeMillis(), 1_000_000_000L, Phase.MEASURED);
    ActorBody actor = actors.actor(0, List.of());
    actor.open();
    try {
      actor.runCycle(1);
    } finally {
      actor.close();
    }
    sampler.sample(System.nanoTime(), new DiscardingSink());
    return sampler.totals();
  }

  /** The commit workload's keys with {@code runLength}, against an in-memory H2 database. */
  private static BenchmarkConfig config(String runLength) throws Exception {
    Properties file = new Properties();
    String[] keyValue = runLength.split("=");
    file.putAll(Map.of("workload", "commit", keyValue[0], keyValue[1]));
    return new ConfigBinder(DialectRegistry.of(H2_URLS), Map.<String, String>of()::get)
        .bind(file, Map.of("db.url", "jdbc:h2:mem:" + UUID.randomUUID(), "db.user", "sa"));
  }

  /** A workload whose actors run {@value #PER_CYCLE} {@code SELECT 1}s a cycle, autocommit. */
  private static final class SelectOne implements BoundWorkload {
    @Override
    public List<String> transactionTypes() {
      return List.of("select");
    }

    @Override
    public boolean autocommit() {
      return true;
    }

    @Override
    public OptionalInt cycles() {
      return OptionalInt.empty();
    }

    @Override
    public List<HeaderLine> headerLines() {
      return List.of();
    }

    @Override
    public List<SchemaTable> tables(SchemaNaming naming) {
      return List.of();
    }

    @Override
    public ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect) {
      return new SelectOneWork() {
        private int done;

        @Override
        public void cycleStarting(int cycle) {
          done = 0;
        }

        @Override
        public int next() {
          return done < PER_CYCLE ? 0 : END_OF_CYCLE;
        }

        @Override
        public void execute(int type, TransactionContext tx) throws Exception {
          selectOne(tx);
          done++;
        }
      };
    }

    @Override
    public List<String> plan(int users) {
      return List.of();
    }
  }
}
