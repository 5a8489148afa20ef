package io.commitbench.storage.oracle;

import java.util.List;
import java.util.Optional;

/**
 * One row of {@code V$LOG} with its members from {@code V$LOGFILE}: what the relocation and the
 * formatter arms decide on. Immutable.
 *
 * @param group GROUP#
 * @param thread THREAD#
 * @param sequence SEQUENCE# (0 for a group never written); a new value means the ring reused it
 * @param bytes BYTES
 * @param blocksize BLOCKSIZE
 * @param archived ARCHIVED = 'YES'
 * @param status STATUS: UNUSED, CURRENT, ACTIVE, INACTIVE, CLEARING, CLEARING_CURRENT
 * @param members the group's members in V$LOGFILE
 */
public record RedoGroup(int group, int thread, long sequence, long bytes, int blocksize, boolean archived,
    String status, List<Member> members) {

  public static final String UNUSED = "UNUSED";
  public static final String CURRENT = "CURRENT";
  public static final String ACTIVE = "ACTIVE";
  public static final String INACTIVE = "INACTIVE";
  public static final String CLEARING = "CLEARING";

  public RedoGroup {
    members = List.copyOf(members);
  }

  /**
   * One member file.
   *
   * @param path MEMBER, the file's path on the database host
   * @param status V$LOGFILE.STATUS: empty when in use, else INVALID, STALE or DELETED
   * @param type ONLINE or STANDBY
   */
  public record Member(String path, Optional<String> status, String type) {}

  public boolean is(String wanted) {
    return status.equals(wanted);
  }

  /** CURRENT or ACTIVE (or being cleared as current): the server still needs it. */
  public boolean inUse() {
    return is(CURRENT) || is(ACTIVE) || status.startsWith("CLEARING_CURRENT");
  }

  /** The member paths. */
  public List<String> paths() {
    return members.stream().map(Member::path).toList();
  }

  /** The size and block size this group has. */
  public RedoGeometry geometry() {
    return RedoGeometry.of(bytes, blocksize);
  }

  /** One line for messages, e.g. {@code group 1 (CURRENT, seq 7, archived NO, /o/redo01.log)}. */
  public String describe() {
    return "group " + group + " (" + status + ", seq " + sequence + ", archived " + (archived ? "YES" : "NO") + ", "
        + String.join(", ", paths()) + ")";
  }
}
