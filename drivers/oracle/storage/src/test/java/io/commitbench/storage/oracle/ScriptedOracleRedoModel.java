package io.commitbench.storage.oracle;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An in-memory Oracle instance as the redo procedures see it: V$LOG, V$LOGFILE, V$DATABASE, the
 * session's container and privileges, the member files on the database host, and the statements
 * that change them, with the errors a real server raises (vendor code and {@code ORA-nnnnn:} text).
 *
 * <p>What it reproduces (Oracle Database Reference V$LOG; SQL Reference ALTER DATABASE/SYSTEM):
 * statuses UNUSED, CURRENT, ACTIVE, INACTIVE, CLEARING; SWITCH moves CURRENT to the next usable
 * group in GROUP# order and leaves the old one ACTIVE; CHECKPOINT turns ACTIVE into INACTIVE
 * (after {@link #checkpointsToInactive} of them); ARCHIVE LOG CURRENT switches and sets ARCHIVED
 * in ARCHIVELOG mode; ORA-01623 (drop CURRENT), ORA-01624 (drop/clear ACTIVE or CURRENT), ORA-01567
 * (drop leaving fewer than 2 groups), ORA-00301 (add an existing file without REUSE), ORA-00350
 * (unarchived), ORA-00392 (CLEARING), ORA-65040 (redo statements in a PDB), ORA-01031 (privilege),
 * ORA-00942 (views not readable). A statement it cannot parse is ORA-00900, so malformed SQL fails
 * tests. Scripted one-shot failures ({@link #failNext}) inject the rest.
 */
final class ScriptedOracleRedoModel implements OracleRedoCatalog {

  static final String FREE_DIR = "/opt/oracle/oradata/FREE";

  private static final Pattern ADD = Pattern.compile(
      "ALTER DATABASE ADD LOGFILE GROUP (\\d+) \\(((?:'[^']*'(?:, )?)+)\\) SIZE (\\d+)K(?: BLOCKSIZE (\\d+))?( REUSE)?");
  private static final Pattern DROP = Pattern.compile("ALTER DATABASE DROP LOGFILE GROUP (\\d+)");
  private static final Pattern CLEAR = Pattern.compile("ALTER DATABASE CLEAR (UNARCHIVED )?LOGFILE GROUP (\\d+)");
  private static final Pattern QUOTED = Pattern.compile("'([^']*)'");

  /** One group's state. */
  private static final class Group {
    final int number;
    long sequence;
    long bytes;
    int blocksize;
    boolean archived;
    String status;
    List<String> members;
    int checkpointsLeft;
    int clearingReadsLeft;
    boolean neverUsed;

    Group(int number, long bytes, int blocksize, List<String> members) {
      this.number = number;
      this.bytes = bytes;
      this.blocksize = blocksize;
      this.members = List.copyOf(members);
      this.status = RedoGroup.UNUSED;
      this.archived = true;
      this.neverUsed = true;
    }
  }

  private record Failure(Pattern statement, int code, String text) {}

  private final TreeMap<Integer, Group> groups = new TreeMap<>();
  private final Set<String> files = new LinkedHashSet<>();
  private final Map<String, String> memberStatus = new TreeMap<>();
  private final Deque<Failure> failures = new ArrayDeque<>();
  private final List<String> executed = new ArrayList<>();
  private final List<Integer> raised = new ArrayList<>();
  private final List<String> touchedInUse = new ArrayList<>();
  private String container = "CDB$ROOT";
  private Set<String> privileges = new LinkedHashSet<>(List.of("ALTER DATABASE", "ALTER SYSTEM", "CREATE SESSION"));
  private String openMode = "READ WRITE";
  private String logMode = "NOARCHIVELOG";
  private boolean viewsReadable = true;
  private int checkpointsToInactive = 1;
  private int clearingReads;
  private boolean newMembersInvalidUntilUsed;
  private long lastSequence;

  /** gvenzl/oracle-free as shipped: groups 1 and 2 of 20 MB in /opt/oracle/oradata/FREE, 1 CURRENT. */
  static ScriptedOracleRedoModel gvenzlFree() {
    return withGroups(2, 20);
  }

  /** {@code count} groups of {@code megabytes} MB at FREE_DIR/redo0N.log; group 1 CURRENT, the rest INACTIVE. */
  static ScriptedOracleRedoModel withGroups(int count, int megabytes) {
    ScriptedOracleRedoModel model = new ScriptedOracleRedoModel();
    for (int n = 1; n <= count; n++) {
      String path = FREE_DIR + "/redo0" + n + ".log";
      Group g = new Group(n, megabytes * RedoGeometry.MEGABYTE, 512, List.of(path));
      g.neverUsed = false;
      g.sequence = n == 1 ? count + 1 : n - 1;
      g.status = n == 1 ? RedoGroup.CURRENT : RedoGroup.INACTIVE;
      g.archived = n != 1;
      model.groups.put(n, g);
      model.files.add(path);
      model.lastSequence = Math.max(model.lastSequence, g.sequence);
    }
    return model;
  }

  // ---- scripting ----

  ScriptedOracleRedoModel inContainer(String name) {
    container = name;
    return this;
  }

  ScriptedOracleRedoModel withPrivileges(String... names) {
    privileges = new LinkedHashSet<>(List.of(names));
    return this;
  }

  ScriptedOracleRedoModel openMode(String mode) {
    openMode = mode;
    return this;
  }

  /** ARCHIVELOG mode; groups other than CURRENT start archived. */
  ScriptedOracleRedoModel archiveLog() {
    logMode = "ARCHIVELOG";
    return this;
  }

  ScriptedOracleRedoModel viewsUnreadable() {
    viewsReadable = false;
    return this;
  }

  /** How many CHECKPOINTs an ACTIVE group needs before it is INACTIVE (1 by default). */
  ScriptedOracleRedoModel checkpointsToInactive(int n) {
    checkpointsToInactive = n;
    return this;
  }

  /** How many V$LOG reads a cleared group stays CLEARING before it shows UNUSED (0 by default). */
  ScriptedOracleRedoModel clearingReads(int n) {
    clearingReads = n;
    return this;
  }

  /** New members show V$LOGFILE.STATUS INVALID until their group has been CURRENT once. */
  ScriptedOracleRedoModel newMembersInvalidUntilUsed() {
    newMembersInvalidUntilUsed = true;
    return this;
  }

  /** Sets a group's status directly (ACTIVE, INACTIVE, …), as the server would have it. */
  ScriptedOracleRedoModel status(int group, String status) {
    Group g = groups.get(group);
    g.status = status;
    g.checkpointsLeft = checkpointsToInactive;
    return this;
  }

  ScriptedOracleRedoModel archived(int group, boolean archived) {
    groups.get(group).archived = archived;
    return this;
  }

  /** A file on the database host, as if left there earlier. */
  ScriptedOracleRedoModel withFile(String path) {
    files.add(path);
    return this;
  }

  /** V$LOGFILE.STATUS of one member (INVALID, STALE, …). */
  ScriptedOracleRedoModel memberStatus(String path, String status) {
    memberStatus.put(path, status);
    return this;
  }

  /** The next statement matching {@code regex} fails once with {@code ORA-code: text}, changing nothing. */
  ScriptedOracleRedoModel failNext(String regex, int code, String text) {
    failures.add(new Failure(Pattern.compile(regex), code, text));
    return this;
  }

  // ---- what the tests read ----

  List<String> executed() {
    return List.copyOf(executed);
  }

  /** The ORA- codes raised by statements, scripted ones included. */
  List<Integer> raised() {
    return List.copyOf(raised);
  }

  /**
   * DROP/CLEAR statements issued against a group that was CURRENT or ACTIVE at that moment: what
   * the arms must never do.
   */
  List<String> touchedInUse() {
    return List.copyOf(touchedInUse);
  }

  Set<String> files() {
    return Set.copyOf(files);
  }

  void removeFile(String path) {
    if (!files.remove(path)) {
      throw new IllegalStateException("no file " + path + " on the database host");
    }
  }

  RedoGroup group(int number) {
    return snapshot(groups.get(number));
  }

  // ---- OracleRedoCatalog ----

  @Override
  public String containerName() {
    return container;
  }

  @Override
  public Set<String> sessionPrivileges() {
    return Set.copyOf(privileges);
  }

  @Override
  public String openMode() throws SQLException {
    requireViews();
    return openMode;
  }

  @Override
  public String logMode() throws SQLException {
    requireViews();
    return logMode;
  }

  @Override
  public List<RedoGroup> groups() throws SQLException {
    requireViews();
    List<RedoGroup> out = groups.values().stream().map(this::snapshot).toList();
    for (Group g : groups.values()) {
      if (g.status.equals(RedoGroup.CLEARING) && --g.clearingReadsLeft <= 0) {
        g.status = RedoGroup.UNUSED;
      }
    }
    return out;
  }

  @Override
  public void execute(String sql) throws SQLException {
    executed.add(sql);
    Failure scripted = failures.stream().filter(f -> f.statement().matcher(sql).find()).findFirst().orElse(null);
    if (scripted != null) {
      failures.remove(scripted);
      throw error(scripted.code(), scripted.text());
    }
    Matcher m;
    if (sql.equals(RedoStatements.SWITCH)) {
      redoStatement("ALTER SYSTEM");
      switchLogfile();
    } else if (sql.equals(RedoStatements.CHECKPOINT)) {
      require("ALTER SYSTEM");
      checkpoint();
    } else if (sql.equals(RedoStatements.ARCHIVE_CURRENT)) {
      redoStatement("ALTER SYSTEM");
      archiveCurrent();
    } else if ((m = ADD.matcher(sql)).matches()) {
      redoStatement("ALTER DATABASE");
      add(m);
    } else if ((m = DROP.matcher(sql)).matches()) {
      redoStatement("ALTER DATABASE");
      drop(Integer.parseInt(m.group(1)));
    } else if ((m = CLEAR.matcher(sql)).matches()) {
      redoStatement("ALTER DATABASE");
      clear(Integer.parseInt(m.group(2)), m.group(1) != null);
    } else {
      throw error(900, "invalid SQL statement");
    }
  }

  @Override
  public String describe() {
    return "scripted model of FREE";
  }

  // ---- behaviour ----

  private void switchLogfile() throws SQLException {
    Group current = current();
    Group next = nextUsable(current);
    if (next == null) {
      // A real switch waits for the checkpoint (or the archiver) to free the next group.
      Group waitedFor = groups.higherEntry(current.number) != null ? groups.higherEntry(current.number).getValue()
          : groups.firstEntry().getValue();
      waitedFor.status = RedoGroup.INACTIVE;
      waitedFor.archived = true;
      next = waitedFor;
    }
    current.status = RedoGroup.ACTIVE;
    current.checkpointsLeft = checkpointsToInactive;
    current.archived = false;
    next.status = RedoGroup.CURRENT;
    next.sequence = ++lastSequence;
    next.archived = false;
    next.neverUsed = false;
  }

  private Group nextUsable(Group current) {
    List<Group> order = new ArrayList<>(groups.tailMap(current.number, false).values());
    order.addAll(groups.headMap(current.number, false).values());
    for (Group g : order) {
      boolean free = g.status.equals(RedoGroup.UNUSED) || g.status.equals(RedoGroup.INACTIVE);
      boolean archivedEnough = !logMode.equals("ARCHIVELOG") || g.archived || g.status.equals(RedoGroup.UNUSED);
      if (free && archivedEnough) {
        return g;
      }
    }
    return null;
  }

  private void checkpoint() {
    for (Group g : groups.values()) {
      if (g.status.equals(RedoGroup.ACTIVE) && --g.checkpointsLeft <= 0) {
        g.status = RedoGroup.INACTIVE;
      }
    }
  }

  private void archiveCurrent() throws SQLException {
    if (!logMode.equals("ARCHIVELOG")) {
      throw error(258, "manual archiving in NOARCHIVELOG mode must identify log");
    }
    switchLogfile();
    for (Group g : groups.values()) {
      if (!g.status.equals(RedoGroup.CURRENT)) {
        g.archived = true;
      }
    }
  }

  private void add(Matcher m) throws SQLException {
    int number = Integer.parseInt(m.group(1));
    List<String> paths = new ArrayList<>();
    Matcher q = QUOTED.matcher(m.group(2));
    while (q.find()) {
      paths.add(q.group(1));
    }
    long bytes = Long.parseLong(m.group(3)) * RedoGeometry.KILOBYTE;
    int blocksize = m.group(4) == null ? 512 : Integer.parseInt(m.group(4));
    boolean reuse = m.group(5) != null;
    if (groups.containsKey(number)) {
      throw error(1184, "logfile group " + number + " already exists");
    }
    for (String path : paths) {
      if (files.contains(path) && !reuse) {
        throw error(301, "error in adding log file '" + path + "' - file cannot be created\n"
            + "ORA-27038: created file already exists");
      }
    }
    groups.put(number, new Group(number, bytes, blocksize, paths));
    files.addAll(paths);
  }

  private void drop(int number) throws SQLException {
    Group g = existing(number);
    noteInUse("DROP", g);
    if (g.status.equals(RedoGroup.CURRENT)) {
      throw error(1623, "log " + number + " is current log for instance FREE (thread 1) - cannot drop" + online(g));
    }
    if (groups.size() <= 2) {
      throw error(1567, "dropping log " + number + " would leave less than 2 log files for instance FREE (thread 1)"
          + online(g));
    }
    if (g.status.equals(RedoGroup.ACTIVE)) {
      throw error(1624, "log " + number + " needed for crash recovery of instance FREE (thread 1)" + online(g));
    }
    if (g.status.equals(RedoGroup.CLEARING)) {
      throw error(392, "log " + number + " of thread 1 is being cleared, operation not allowed" + online(g));
    }
    if (logMode.equals("ARCHIVELOG") && !g.archived && !g.status.equals(RedoGroup.UNUSED)) {
      throw error(350, "log " + number + " of instance FREE (thread 1) needs to be archived" + online(g));
    }
    groups.remove(number);
    g.members.stream().filter(RelocationPlan::isOmf).forEach(files::remove);
  }

  private void clear(int number, boolean unarchived) throws SQLException {
    Group g = existing(number);
    noteInUse("CLEAR", g);
    if (g.status.equals(RedoGroup.CURRENT) || g.status.equals(RedoGroup.ACTIVE)) {
      throw error(1624, "log " + number + " needed for crash recovery of instance FREE (thread 1)" + online(g));
    }
    if (logMode.equals("ARCHIVELOG") && !g.archived && !unarchived) {
      throw error(350, "log " + number + " of instance FREE (thread 1) needs to be archived" + online(g));
    }
    g.archived = true;
    g.clearingReadsLeft = clearingReads;
    g.status = clearingReads > 0 ? RedoGroup.CLEARING : RedoGroup.UNUSED;
  }

  private void noteInUse(String verb, Group g) {
    if (g.status.equals(RedoGroup.CURRENT) || g.status.equals(RedoGroup.ACTIVE)) {
      touchedInUse.add(verb + " of group " + g.number + " while " + g.status);
    }
  }

  private Group existing(int number) throws SQLException {
    Group g = groups.get(number);
    if (g == null) {
      throw error(1613, "instance FREE (thread 1) only has " + groups.size() + " logs - cannot open (no group "
          + number + ")");
    }
    return g;
  }

  private Group current() {
    return groups.values().stream().filter(g -> g.status.equals(RedoGroup.CURRENT)).findFirst()
        .orElseThrow(() -> new IllegalStateException("model has no CURRENT group"));
  }

  private RedoGroup snapshot(Group g) {
    List<RedoGroup.Member> members = g.members.stream().map(p -> new RedoGroup.Member(p,
        Optional.ofNullable(memberStatus.getOrDefault(p, newMembersInvalidUntilUsed && g.neverUsed ? "INVALID" : null)),
        "ONLINE")).toList();
    return new RedoGroup(g.number, 1, g.sequence, g.bytes, g.blocksize, g.archived, g.status, members);
  }

  private static String online(Group g) {
    return "\nORA-00312: online log " + g.number + " thread 1: '" + g.members.get(0) + "'";
  }

  private void redoStatement(String privilege) throws SQLException {
    if (!container.equals("CDB$ROOT")) {
      throw error(65040, "operation not allowed from within a pluggable database");
    }
    require(privilege);
  }

  private void require(String privilege) throws SQLException {
    if (!privileges.contains(privilege)) {
      throw error(1031, "insufficient privileges");
    }
  }

  private void requireViews() throws SQLException {
    if (!viewsReadable) {
      throw error(942, "table or view does not exist");
    }
  }

  private SQLException error(int code, String text) {
    raised.add(code);
    return new SQLException(String.format("ORA-%05d: %s", code, text), code == 900 ? "42000" : "99999", code);
  }
}
