package io.commitbench.core.run.breakdown;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.server.Fact;
import java.util.List;

/** The kernel's view of the server's log I/O, when the run's keys ask for it. */
final class KernelView {

  static final String NAME = "kernel_log_io";

  private KernelView() {}

  static CommitTimeSource open(boolean asked, Dialect dialect, List<Fact> facts) {
    if (!asked) {
      return CommitTimeSource.unavailable(NAME, List.of(NAME), ParameterKeys.BREAKDOWN_KERNEL + "=false: the"
          + " kernel's view of the log's syncs is not traced (set it to true on a server on this host, as root)");
    }
    return CommitTimeSource.unavailable(NAME, List.of(NAME), "the kernel's view is not built into this harness");
  }

  /** Whether the environment says the server runs on this host, and the words it says it in. */
  static String onThisHost(List<Fact> facts) {
    return facts.stream().filter(f -> f.group().equals("server") && f.name().equals("on_this_host") && f.known())
        .map(Fact::value).findFirst().orElse("no: unknown");
  }
}
