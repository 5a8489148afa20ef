package io.commitbench.core.run.breakdown;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.host.trace.KernelLogIo;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.server.Fact;
import java.util.List;

/** The kernel's view of the server's log I/O, when the run's keys ask for it. */
final class KernelView {

  private KernelView() {}

  static CommitTimeSource open(boolean asked, Dialect dialect, List<Fact> facts) {
    if (!asked) {
      return CommitTimeSource.unavailable("kernel", List.of(KernelLogIo.UNMEASURED), ParameterKeys.BREAKDOWN_KERNEL
          + "=false: the kernel's view of the log's syncs is not traced (set it to true on a server on this host, as"
          + " root)");
    }
    String where = onThisHost(facts);
    return KernelLogIo.open(dialect.server().logFiles(facts), where.startsWith("yes"), where);
  }

  /** What the environment says of whether the server runs on this host ("yes: ..." or "no: ..."). */
  private static String onThisHost(List<Fact> facts) {
    return facts.stream().filter(f -> f.group().equals("server") && f.name().equals("on_this_host") && f.known())
        .map(Fact::value).findFirst().orElse("no: the environment does not say where the server runs");
  }
}
