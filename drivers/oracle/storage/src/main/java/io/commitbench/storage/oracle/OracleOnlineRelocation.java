package io.commitbench.storage.oracle;

import io.commitbench.core.key.ByteSize;
import io.commitbench.storage.relocate.LogShape;
import io.commitbench.storage.relocate.LogShapeException;
import io.commitbench.storage.relocate.OnlineRelocation;
import java.nio.file.Path;
import java.util.Optional;

/**
 * An Oracle server's online redo logs moved to new groups: the request (size, block size, number
 * of groups) is checked by the agent's own types ({@link RedoGeometry}, {@link
 * RedoRelocationRequest}) before any connection, each problem told against the part it came from.
 */
final class OracleOnlineRelocation implements OnlineRelocation {

  /** Who the relocation must connect as, for the message when no user is given. */
  private static final String CONNECT_AS = "a user of the root container (CDB$ROOT) holding ALTER DATABASE and"
      + " ALTER SYSTEM and able to read V$LOG, V$LOGFILE and V$DATABASE, e.g. system";

  @Override
  public String server() {
    return "an Oracle server";
  }

  @Override
  public String urlPrefix() {
    return OracleRedoRelocation.URL_PREFIX;
  }

  @Override
  public String connectAs() {
    return CONNECT_AS;
  }

  @Override
  public Checked check(Path to, LogShape shape) throws LogShapeException {
    String size = shape.size().orElseThrow(() -> LogShapeException.missing(LogShape.Part.SIZE,
        "required with an Oracle --url: the size of each new redo member; give " + ByteSize.ALLOWED + ", at least 4M"));
    long bytes = checked(LogShape.Part.SIZE, () -> ByteSize.parse(size));
    RedoGeometry sized = checked(LogShape.Part.SIZE, () -> RedoGeometry.ofSize(bytes));
    RedoGeometry geometry = shape.blockSize().isEmpty() ? sized
        : checked(LogShape.Part.BLOCK_SIZE, () -> RedoGeometry.of(bytes, shape.blockSize().get()));
    // Built first with the default count, so a bad target is told against it and a bad count against the groups.
    RedoRelocationRequest request = checked(LogShape.Part.TARGET, () -> RedoRelocationRequest.of(to.toString(), geometry));
    RedoRelocationRequest asked = shape.groups().isEmpty() ? request : checked(LogShape.Part.GROUPS,
        () -> new RedoRelocationRequest(request.targetDirectory(), geometry, shape.groups().get(), Optional.empty()));
    return server -> OracleRedoRelocation.forConnection(server, asked);
  }

  /** The value {@code check} makes, or the refusal of the part it came from. */
  private static <T> T checked(LogShape.Part part, Check<T> check) throws LogShapeException {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      throw LogShapeException.invalid(part, e.getMessage());
    }
  }

  @FunctionalInterface
  private interface Check<T> {
    T get();
  }
}
