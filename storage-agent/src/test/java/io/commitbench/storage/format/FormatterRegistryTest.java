package io.commitbench.storage.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The registry's arms per kind, with one fake kind that has arms and an exposure, and kinds without. */
class FormatterRegistryTest {

  private static final LogExposure EXPOSURE = new FakeExposure(Path.of("/log"), List.of());

  /** A kind with two arms of its own and a log exposure. */
  private static final LogFormatterProvider FAKE = new LogFormatterProvider() {
    @Override
    public String dbType() {
      return "fake";
    }

    @Override
    public List<ArmDescription> arms() {
      return List.of(new ArmDescription("zero", "write zeros ahead"), new ArmDescription("keep", "keep old files"));
    }

    @Override
    public LogFormatter create(String arm, FormatterContext context) {
      throw new UnsupportedOperationException("not created here");
    }

    @Override
    public Optional<LogExposure> exposure() {
      return Optional.of(EXPOSURE);
    }
  };

  private final FormatterRegistry registry = new FormatterRegistry(List.of(FAKE));

  @Test
  void anArmTheKindDoesNotHaveIsRefusedListingTheAllowedOnes() {
    FormatterContext context = new FormatterContext(() -> null, ProcessCommandRunner.standard(), false);
    assertThatThrownBy(() -> registry.create("fake", "clear", context))
        .isInstanceOf(RefusedException.class)
        .hasMessage("storage.format.arm=clear: no such arm for fake; allowed: baseline, zero, keep");
    assertThatThrownBy(() -> registry.create("other", "zero", context))
        .isInstanceOf(RefusedException.class)
        .hasMessage("storage.format.arm=zero: no such arm for other; allowed: baseline");
    assertThat(registry.arms("other")).extracting(LogFormatterProvider.ArmDescription::name).containsExactly("baseline");
    assertThat(registry.dbTypes()).containsExactly("fake");
  }

  @Test
  void aKindWithArmsHasALogExposureAndOneWithoutHasNone() {
    assertThat(registry.exposure("fake")).containsSame(EXPOSURE);
    assertThat(registry.exposure("other")).isEmpty();
  }
}
