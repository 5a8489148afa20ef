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
  public String help() {
    return "Oracle (--url jdbc:oracle:thin:@HOST:PORT/SERVICE): moved online, the database stays open. New groups of"
        + " --size are added in DIR (a directory on the database host, absolute), the log is switched and"
        + " checkpointed (and archived in ARCHIVELOG mode) until the old groups are free, they are dropped, and the"
        + " result is verified. Connect to the root container, CDB$ROOT (its service, e.g. .../FREE, not a PDB's),"
        + " as --user holding ALTER DATABASE and ALTER SYSTEM and able to read V$LOG, V$LOGFILE and V$DATABASE"
        + " (SYSTEM is). The password comes from --password-env or --password-file, never the command line, and is"
        + " never printed or journaled. Oracle deletes only the files it named itself: the old members' files are"
        + " left on the database host and listed at the end, for its operator to remove. Refused (exit 2, nothing"
        + " changed): a PDB connection, a missing privilege, the database not open, DIR already holding redo"
        + " members.";
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
