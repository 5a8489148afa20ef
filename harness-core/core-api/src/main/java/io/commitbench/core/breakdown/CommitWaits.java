package io.commitbench.core.breakdown;

import java.sql.SQLException;
import java.util.List;

/**
 * A kind's source of its server's own view of where commits wait: wait events, wait histograms,
 * performance_schema. A dialect hands it out through {@code ServerReadings#commitWaits}.
 *
 * <pre>
 * try (CommitTimeSource waits = dialect.server().commitWaits().open(context)) { ... }
 * </pre>
 */
@FunctionalInterface
public interface CommitWaits {

  /**
   * A source for one run. A server that lacks what the source needs (an extension, a privilege)
   * gives a source that samples less precisely or one that says why it measures nothing; only an
   * unreachable server throws.
   */
  CommitTimeSource open(CommitWaitContext context) throws SQLException;

  /** The waits of a product whose server gives none. */
  static CommitWaits none(String reason) {
    return context -> CommitTimeSource.unavailable("server waits",
        List.of(CommitParts.LOG_WRITE, CommitParts.LOG_SYNC, CommitParts.GROUP_COMMIT_WAIT), reason);
  }
}
