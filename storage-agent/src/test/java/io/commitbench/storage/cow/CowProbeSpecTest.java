package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every option's check: the message names the option, the value and what is allowed; nothing is clamped. */
class CowProbeSpecTest {

  private static final Path DIR = Path.of("/mnt/probe");
  private static final long MIB = 1L << 20;

  @Test
  void defaultsFollowTheArticleAtASmallerScale() {
    CowProbeSpec spec = CowProbeSpec.defaults(DIR);
    assertThat(spec.sizeBytes()).isEqualTo(256 * MIB);
    assertThat(spec.blocks()).isEqualTo(65_536);
    assertThat(spec.workers()).isEqualTo(4);
    assertThat(spec.rewrites()).as("1 %% of 65,536, rounded down").isEqualTo(655);
    assertThat(spec.fillOrder()).isEqualTo(FillOrder.RANGES);
    assertThat(spec.snapshotMode()).isEqualTo(SnapshotMode.AUTO);
    assertThat(spec.cacheDrop()).isEqualTo(CacheDrop.FILE);
    assertThat(spec.keep()).isFalse();
  }

  @Test
  void sizeMustBeAMultipleOfTheBlockWithinRange() {
    assertThatThrownBy(() -> CowProbeSpec.defaults(DIR).withSize(MIB + 1000))
        .hasMessage("Invalid value '1.0 MiB' (1,049,576 bytes) for option '--size': give a multiple of 4 KiB "
            + "(the probe's block) from 1M to 1T, e.g. 256M");
    assertThatThrownBy(() -> CowProbeSpec.defaults(DIR).withSize(512 * 1024)).hasMessageContaining("from 1M to 1T");
    assertThatThrownBy(() -> CowProbeSpec.defaults(DIR).withSize((1L << 40) + 4096))
        .hasMessageContaining("'1.0 TiB' (1,099,511,631,872 bytes)");
    assertThat(CowProbeSpec.defaults(DIR).withRewrites(1).withSize(MIB).blocks()).isEqualTo(256);
    assertThat(CowProbeSpec.defaults(DIR).withSize(1L << 40).blocks()).isEqualTo(1 << 28);
  }

  @Test
  void workersFromOneTo64() {
    assertThatThrownBy(() -> CowProbeSpec.defaults(DIR).withWorkers(0))
        .hasMessage("Invalid value '0' for option '--workers': give 1 to 64");
    assertThatThrownBy(() -> CowProbeSpec.defaults(DIR).withWorkers(65))
        .hasMessage("Invalid value '65' for option '--workers': give 1 to 64");
    assertThat(CowProbeSpec.defaults(DIR).withWorkers(64).workers()).isEqualTo(64);
    assertThat(CowProbeSpec.defaults(DIR).withWorkers(1).workers()).isEqualTo(1);
  }

  @Test
  void rewritesFromOneToTheBlocksOfTheFile() {
    CowProbeSpec small = CowProbeSpec.defaults(DIR).withRewrites(1).withSize(MIB);
    assertThatThrownBy(() -> small.withRewrites(257))
        .hasMessage("Invalid value '257' for option '--rewrites': give 1 to 256, the blocks in a 1.0 MiB file "
            + "(or a share like 1%)");
    assertThatThrownBy(() -> small.withRewrites(0)).hasMessageContaining("give 1 to 256");
    assertThat(small.withRewrites(256).rewrites()).as("every block once is allowed").isEqualTo(256);
    assertThatThrownBy(() -> CowProbeSpec.defaults(DIR).withSize(MIB))
        .as("the default's 655 rewrites do not fit a 1 MiB file: not clamped").hasMessageContaining("'655'");
  }

  @Test
  void rewritesAreACountOrAShareOfTheBlocks() {
    assertThat(CowProbeSpec.rewrites("250", 32 * MIB)).isEqualTo(250);
    assertThat(CowProbeSpec.rewrites("25%", 32 * MIB)).isEqualTo(2048);
    assertThat(CowProbeSpec.rewrites(" 0.5 % ", 32 * MIB)).isEqualTo(40);
    assertThat(CowProbeSpec.rewrites("100%", 32 * MIB)).isEqualTo(8192);
    assertThat(CowProbeSpec.rewrites("0.001%", MIB)).as("a tiny share still rewrites one block").isEqualTo(1);
    for (String bad : new String[] {"0%", "101%", "-1%", "abc", "%", "1.5", "1e3"}) {
      assertThatThrownBy(() -> CowProbeSpec.rewrites(bad, 32 * MIB)).as(bad)
          .hasMessage("Invalid value '" + bad + "' for option '--rewrites': give a count of blocks (1 to 8,192) "
              + "or a share of them above 0 and up to 100%, e.g. 1%");
    }
    assertThat(CowProbeSpec.rewrites("99999999999", 32 * MIB)).as("range left to the constructor")
        .isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void labelsNameTheAllowedWords() {
    assertThat(FillOrder.fromLabel("Random")).isEqualTo(FillOrder.RANDOM);
    assertThat(SnapshotMode.fromLabel("none")).isEqualTo(SnapshotMode.NONE);
    assertThat(CacheDrop.fromLabel(" system ")).isEqualTo(CacheDrop.SYSTEM);
    assertThatThrownBy(() -> FillOrder.fromLabel("sequential"))
        .hasMessage("Invalid value 'sequential' for option '--fill-order': give ranges, random");
    assertThatThrownBy(() -> SnapshotMode.fromLabel("always"))
        .hasMessage("Invalid value 'always' for option '--snapshot': give auto, none");
    assertThatThrownBy(() -> CacheDrop.fromLabel("all"))
        .hasMessage("Invalid value 'all' for option '--drop-cache': give file, system, none");
  }
}
