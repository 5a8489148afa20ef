package io.commitbench.core.namespace;

import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Checks the names a run would create before it creates anything: each must fit the database's
 * limit, and none may exist already. A run never drops or alters what it did not create, so a
 * taken name refuses the run, saying whose the object may be (its commitbench mark, read back)
 * and how to remove what commitbench left.
 *
 * <pre>
 * new NameGuard(dialect, admin, runId -> "commitbench cleanup FILE --run-id " + runId)
 *     .check(qualifier, "cb_t", tables, "cb_u", List.of("cb_u1", "cb_u2"));
 * </pre>
 */
public final class NameGuard {

  /** Names listed in a refusal; the rest are counted. */
  private static final int LISTED = 10;
  private static final List<String> INDEXED_COLUMNS =
      List.of(TableSpec.NUMBER_COLUMN, TableSpec.TEXT_COLUMN, TableSpec.TEXT2_COLUMN);

  private final Dialect dialect;
  private final Connection admin;
  private final Function<String, String> cleanupHint;

  /**
   * @param cleanupHint how the user lists and removes what a commitbench run left here, given its run id
   */
  public NameGuard(Dialect dialect, Connection admin, Function<String, String> cleanupHint) {
    this.dialect = dialect;
    this.admin = admin;
    this.cleanupHint = cleanupHint;
  }

  /**
   * @param tablePrefix the run's {@code table.prefix}
   * @param userPrefix the run's {@code user.prefix}
   * @param users the users the run would create; empty in shared mode
   * @throws NamesRefusedException when a name is too long or taken
   */
  public void check(String qualifier, String tablePrefix, List<TableSpec> tables, String userPrefix, List<String> users)
      throws NamesRefusedException, SQLException {
    checkLengths(tablePrefix, tables, userPrefix, users);
    Set<String> tableNames = tables.stream().map(TableSpec::name).collect(Collectors.toSet());
    List<DbObject> takenTables = dialect.marks().tablesStartingWith(admin, qualifier, tablePrefix).stream()
        .filter(t -> tableNames.contains(t.name())).toList();
    Set<String> userNames = Set.copyOf(users);
    List<DbObject> takenUsers = users.isEmpty() ? List.of()
        : dialect.users().usersStartingWith(admin, userPrefix).stream()
            .filter(u -> userNames.contains(u.name())).toList();
    if (takenTables.isEmpty() && takenUsers.isEmpty()) {
      return;
    }
    throw new NamesRefusedException(takenMessage(qualifier, tablePrefix, userPrefix, takenTables, takenUsers));
  }

  private void checkLengths(String tablePrefix, List<TableSpec> tables, String userPrefix, List<String> users)
      throws NamesRefusedException {
    int max = dialect.maxIdentifierLength();
    for (TableSpec table : tables) {
      List<String> names = new ArrayList<>(List.of(table.name()));
      INDEXED_COLUMNS.forEach(c -> names.add(table.indexName(c)));
      for (String name : names) {
        if (name.length() > max) {
          throw new NamesRefusedException("table.prefix=" + tablePrefix + ": the run would create " + name + " ("
              + (name.equals(table.name()) ? "a table" : "an index of table " + table.name()) + "), "
              + name.length() + " characters; " + dialect.name() + " takes at most " + max + "; allowed: a table.prefix"
              + " of at most " + (tablePrefix.length() - (name.length() - max)) + " characters for this run,"
              + " or none (the run then names its tables itself)");
        }
      }
    }
    int maxUser = dialect.maxUserNameLength();
    for (String user : users) {
      if (user.length() > maxUser) {
        throw new NamesRefusedException("user.prefix=" + userPrefix + ": the run would create user " + user + ", "
            + user.length() + " characters; " + dialect.name() + " takes at most " + maxUser + "; allowed: a"
            + " user.prefix of at most " + (userPrefix.length() - (user.length() - maxUser)) + " characters");
      }
    }
  }

  private String takenMessage(String qualifier, String tablePrefix, String userPrefix, List<DbObject> tables,
      List<DbObject> users) throws SQLException {
    int count = tables.size() + users.size();
    StringBuilder m = new StringBuilder(count + (count == 1 ? " name" : " names")
        + " this run would create " + (count == 1 ? "is" : "are") + " taken on the server; nothing was created or"
        + " dropped:");
    // Where users carry no mark, the runs whose tables name this user.prefix may own them.
    Map<String, OwnershipMark> byUserPrefix = dialect.marks().marksUsers() || users.isEmpty() ? Map.of()
        : dialect.marks().tablesStartingWith(admin, qualifier, "").stream()
            .flatMap(t -> OwnershipMark.parse(t.comment()).stream())
            .collect(Collectors.toMap(OwnershipMark::userPrefix, mark -> mark, (a, b) -> a));
    List<String> lines = new ArrayList<>();
    tables.forEach(t -> lines.add("table " + t.name() + ": " + owner(t)));
    for (DbObject user : users) {
      lines.add("user " + user.name() + ": " + (dialect.marks().marksUsers() ? owner(user)
          : Optional.ofNullable(byUserPrefix.get(userPrefix)).map(mark -> "may be " + mark.describe()
              + "'s: the mark on its tables names user.prefix=" + userPrefix + " (" + dialect.name()
              + " keeps no mark on users)").orElse("no commitbench table names user.prefix=" + userPrefix
              + " (" + dialect.name() + " keeps no mark on users), so presumably not created by commitbench")));
    }
    lines.stream().limit(LISTED).forEach(line -> m.append("\n  - ").append(line));
    if (lines.size() > LISTED) {
      m.append("\n  - and ").append(lines.size() - LISTED).append(" more");
    }
    // The runs whose marks were read: cleanup --run-id, for the mark's owner, removes exactly what each left.
    java.util.Set<String> hints = new java.util.TreeSet<>();
    List<OwnershipMark> marks = new ArrayList<>(byUserPrefix.values());
    tables.forEach(t -> OwnershipMark.parse(t.comment()).ifPresent(marks::add));
    users.forEach(u -> OwnershipMark.parse(u.comment()).ifPresent(marks::add));
    for (OwnershipMark mark : marks) {
      hints.add("\nWhat commitbench run " + mark.runId() + " of owner " + mark.ownerShown() + " left (killed, or"
          + " cleanup=false) is listed, and dropped with --apply, by: " + cleanupHint.apply(mark.runId())
          + mark.owner().map(owner -> " --owner " + owner).orElse(" --all-owners"));
    }
    hints.forEach(m::append);
    m.append("\nA run never drops what it did not create. Objects without a commitbench mark are someone else's:"
        + " leave them, and choose another table.prefix and user.prefix, or leave both unset so the run names its"
        + " objects itself.");
    return m.toString();
  }

  private static String owner(DbObject object) {
    return OwnershipMark.parse(object.comment()).map(mark -> "created by " + mark.describe())
        .orElse("not created by commitbench (it has no commitbench mark)");
  }
}
