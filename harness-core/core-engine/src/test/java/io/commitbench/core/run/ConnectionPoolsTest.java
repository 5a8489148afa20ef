package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.ConnectionTimeouts;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ConnectionPoolsTest {

  /** A dialect whose driver prepares on the client unless told {@code prepareOnServer=yes}. */
  private static final class ClientPreparingDialect extends ClassifyingTestDialect {
    @Override
    public Properties connectionProperties(ConnectionTimeouts timeouts) {
      Properties props = new Properties();
      props.setProperty("connectTimeout", String.valueOf(timeouts.connectSeconds()));
      return props;
    }

    @Override
    public Properties serverPreparedStatements() {
      Properties props = new Properties();
      props.setProperty("prepareOnServer", "yes");
      return props;
    }
  }

  @Test
  void aWorkloadThatAsksGetsTheDialectsServerPreparedStatementsBesideItsTimeouts() {
    assertThat(ConnectionPools.actorProperties(new ClientPreparingDialect(), 7, true))
        .containsEntry("connectTimeout", "7")
        .containsEntry("prepareOnServer", "yes");
  }

  @Test
  void aWorkloadThatDoesNotAskLeavesTheDriversChoice() {
    assertThat(ConnectionPools.actorProperties(new ClientPreparingDialect(), 7, false))
        .containsEntry("connectTimeout", "7")
        .doesNotContainKey("prepareOnServer");
  }

  @Test
  void aDialectWithoutSuchPropertiesAddsNothing() {
    assertThat(ConnectionPools.actorProperties(new ClassifyingTestDialect(), 7, true)).isEmpty();
  }
}
