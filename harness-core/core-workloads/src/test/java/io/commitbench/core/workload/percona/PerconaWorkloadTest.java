package io.commitbench.core.workload.percona;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.WorkloadSettings;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The read-only set's keys, SQL text, values and weighted choice, without a database. */
class PerconaWorkloadTest {

  private static final TableSpec TABLE = new TableSpec("p_1", "s", "s.p_1", 64);

  /** A dialect whose every default holds (the generic SQL's). */
  private static Dialect defaults() {
    return (Dialect) Proxy.newProxyInstance(Dialect.class.getClassLoader(), new Class<?>[] {Dialect.class},
        (proxy, method, args) -> {
          if (method.isDefault()) {
            return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }

  @Test
  void keysWithDefaultsAndOneWeightPerQuery() {
    List<Key> keys = new PerconaWorkload().keys();
    assertThat(keys).extracting(Key::name).containsExactly("percona.table.size", "percona.strings",
        "percona.weight.pk", "percona.weight.secondary", "percona.weight.covering", "percona.weight.limit",
        "percona.seed", "load", "load.threads");
    assertThat(keys).allSatisfy(k -> assertThat(k.doc()).isNotBlank());
    assertThat(keys.get(1).parse("text").isOk()).isFalse();
    assertThat(keys.get(1).parse("char").isOk()).isTrue();
  }

  @Test
  void allWeightsZeroAndReuseWithoutPrefixAreRefused() {
    Map<String, Object> values = new HashMap<>();
    PerconaQuery.labels().forEach(l -> values.put("percona.weight." + l, 0L));
    values.put("load", "reuse");
    List<Violation> problems = new ArrayList<>();
    new PerconaWorkload().check(new WorkloadSettings(values), Set.of(), problems::add);
    assertThat(problems).extracting(Violation::key).containsExactly("percona.weight.pk", "load");
  }

  @Test
  void tableDdlWithCharOrVarchar() {
    String chars = PerconaTableSql.createTable(defaults(), TABLE, StringType.CHAR);
    String varchars = PerconaTableSql.createTable(defaults(), TABLE, StringType.VARCHAR);
    assertThat(chars).isEqualTo("CREATE TABLE s.p_1 (id INTEGER NOT NULL, name CHAR(64) NOT NULL, email CHAR(64)"
        + " NOT NULL, password CHAR(64) NOT NULL, dob DATE NOT NULL, address CHAR(128) NOT NULL, city CHAR(64) NOT"
        + " NULL, state_id INTEGER NOT NULL, zip CHAR(8) NOT NULL, country_id INTEGER NOT NULL, PRIMARY KEY (id))");
    assertThat(varchars).doesNotContain(" CHAR(").contains("name VARCHAR(64)");
    assertThat(PerconaTableSql.createSecondaryIndex(defaults(), TABLE))
        .isEqualTo("CREATE INDEX p_1_country_id_ix ON s.p_1 (country_id, state_id, city)");
  }

  @Test
  void theFourQueries() {
    assertThat(PerconaTableSql.query(PerconaQuery.PK, TABLE, StringType.VARCHAR))
        .isEqualTo("SELECT name FROM s.p_1 WHERE id = ?");
    assertThat(PerconaTableSql.query(PerconaQuery.SECONDARY, TABLE, StringType.VARCHAR))
        .isEqualTo("SELECT name FROM s.p_1 WHERE country_id = ? AND state_id = ? AND city = ?");
    assertThat(PerconaTableSql.query(PerconaQuery.COVERING, TABLE, StringType.CHAR))
        .isEqualTo("SELECT city FROM s.p_1 WHERE country_id = ? AND state_id = ? AND city = CAST(? AS CHAR(64))");
    assertThat(PerconaTableSql.query(PerconaQuery.LIMIT, TABLE, StringType.VARCHAR))
        .isEqualTo("SELECT name FROM s.p_1 WHERE country_id = ? AND state_id = ? FETCH FIRST 20 ROWS ONLY");
  }

  @Test
  void rowsFitTheirColumns() {
    AccountValues values = new AccountValues(new SplittableRandom(3));
    Object[] row = new Object[PerconaTableSql.COLUMNS.size()];
    for (int id = 1; id <= 10_000; id++) {
      values.row(id, row);
      assertThat(row[0]).isEqualTo(id);
      assertThat((String) row[1]).hasSizeBetween(8, 16);
      assertThat((String) row[2]).hasSizeLessThanOrEqualTo(PerconaTableSql.EMAIL_LENGTH).contains("@");
      assertThat((String) row[3]).hasSize(32);
      assertThat(row[4]).isInstanceOf(java.sql.Date.class);
      assertThat((String) row[5]).hasSizeLessThanOrEqualTo(PerconaTableSql.ADDRESS_LENGTH);
      assertThat((String) row[6]).matches("City\\d{3}");
      assertThat((Integer) row[7]).isBetween(1, AccountValues.STATES);
      assertThat((String) row[8]).matches("\\d{5}");
      assertThat((Integer) row[9]).isBetween(1, AccountValues.COUNTRIES);
    }
  }

  @Test
  void weightedChoiceFollowsTheWeights() {
    WeightedChoice choice = new WeightedChoice(new int[] {3, 0, 1, 0}, new SplittableRandom(5));
    int[] counts = new int[4];
    for (int i = 0; i < 40_000; i++) {
      counts[choice.next()]++;
    }
    assertThat(counts[1]).isZero();
    assertThat(counts[3]).isZero();
    assertThat(counts[0] / (double) counts[2]).isBetween(2.8, 3.2);
    assertThatThrownBy(() -> new WeightedChoice(new int[] {0, 0}, new SplittableRandom(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
