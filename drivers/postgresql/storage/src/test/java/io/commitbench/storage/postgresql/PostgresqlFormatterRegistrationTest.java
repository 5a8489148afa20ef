package io.commitbench.storage.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.format.FormatterContext;
import io.commitbench.storage.format.FormatterRegistry;
import io.commitbench.storage.format.LogExposure;
import io.commitbench.storage.format.LogFormatterProvider;
import io.commitbench.storage.plan.RefusedException;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL's arms and log exposure as the registry finds them through {@code META-INF/services},
 * beside a kind (h2) that registers none.
 */
class PostgresqlFormatterRegistrationTest {

  @Test
  void anArmTheKindDoesNotHaveIsRefusedListingTheAllowedOnes() {
    FormatterRegistry registry = FormatterRegistry.load();
    FormatterContext context = new FormatterContext(() -> null, ProcessCommandRunner.standard(), false);
    assertThatThrownBy(() -> registry.create("postgresql", "clear", context))
        .isInstanceOf(RefusedException.class)
        .hasMessage("storage.format.arm=clear: no such arm for postgresql; allowed: baseline, no-recycle, no-zero, no-recycle-no-zero");
    assertThat(registry.arms("h2")).extracting(LogFormatterProvider.ArmDescription::name).containsExactly("baseline");
  }

  @Test
  void aKindWithArmsHasALogExposureAndOneWithoutHasNone() {
    FormatterRegistry registry = FormatterRegistry.load();
    assertThat(registry.exposure("postgresql")).get().extracting(LogExposure::unit).isEqualTo("WAL segment");
    assertThat(registry.exposure("h2")).isEmpty();
  }
}
