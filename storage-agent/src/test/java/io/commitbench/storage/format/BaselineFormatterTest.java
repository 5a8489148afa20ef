package io.commitbench.storage.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineFormatterTest {

  private final List<Command> ran = new ArrayList<>();
  private final CommandRunner recording = c -> {
    ran.add(c);
    return new CommandResult(c, 0, "", "");
  };

  @Test
  void trimsTheLogsFilesystemLikeEveryOtherArm(@TempDir Path logDir) throws Exception {
    BaselineFormatter baseline = new BaselineFormatter(new FormatterContext(() -> null, recording, true),
        new FakeExposure(logDir, List.of(LogSample.counted(0, 1, 0))));
    baseline.prepare();
    // Synced first: the blocks of a file just deleted are trimmable once the journal has committed.
    assertThat(ran).extracting(c -> c.argv().get(0) + " " + c.argv().get(c.argv().size() - 1))
        .containsExactly("sync " + ran.get(1).argv().get(1), "fstrim " + ran.get(1).argv().get(1));
    assertThat(ran.get(0).argv()).containsExactly("sync", "-f", ran.get(1).argv().get(1));
    assertThat(baseline.tally().totals()).singleElement()
        .satisfies(a -> assertThat(a.action()).startsWith("fstrim /").isEqualTo("fstrim " + ran.get(1).argv().get(1)));
  }

  @Test
  void noFstrimWhenTheKeySaysNoOrTheKindNamesNoLogDirectory(@TempDir Path logDir) throws Exception {
    BaselineFormatter off = new BaselineFormatter(new FormatterContext(() -> null, recording, false),
        new FakeExposure(logDir, List.of(LogSample.counted(0, 1, 0))));
    off.prepare();
    assertThat(off.tally().notes()).contains("fstrim skipped: storage.format.fstrim=false");
    BaselineFormatter unknown = new BaselineFormatter(new FormatterContext(() -> null, recording, true), null);
    unknown.prepare();
    assertThat(unknown.tally().notes())
        .contains("fstrim skipped: the storage agent knows no log directory of this kind of server");
    assertThat(ran).isEmpty();
  }
}
