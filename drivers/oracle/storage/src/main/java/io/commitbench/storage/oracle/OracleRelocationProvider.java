package io.commitbench.storage.oracle;

import io.commitbench.driver.oracle.OracleDialect;
import io.commitbench.storage.relocate.LogRelocationProvider;
import io.commitbench.storage.relocate.OnlineRelocation;
import java.util.Optional;

/** Oracle's log relocation: online over SQL only; the agent runs no Oracle instance and gives no operator plan. */
public final class OracleRelocationProvider implements LogRelocationProvider {

  @Override
  public String kind() {
    return OracleDialect.NAME;
  }

  @Override
  public Optional<OnlineRelocation> online() {
    return Optional.of(new OracleOnlineRelocation());
  }
}
