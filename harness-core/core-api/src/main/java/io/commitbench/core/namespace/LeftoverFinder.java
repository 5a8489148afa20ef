package io.commitbench.core.namespace;

import io.commitbench.core.dialect.DbObject;
import io.commitbench.core.dialect.DbSession;
import io.commitbench.core.dialect.Dialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Finds what commitbench runs left on a server, for {@code commitbench cleanup}: tables by their
 * ownership mark; users by their mark where the product keeps one, else as {@code <user.prefix>N}
 * of a run whose tables' mark names that {@code user.prefix}. Objects without a mark that match
 * the prefix asked for are reported as someone else's, never to be dropped. Changes nothing.
 *
 * <pre>
 * LeftoverFinder.Found found = new LeftoverFinder(dialect, admin, "public").find(Optional.of("cb_"), Optional.empty());
 * </pre>
 */
public final class LeftoverFinder {

  private final Dialect dialect;
  private final Connection admin;
  private final String qualifier;
  private final Liveness liveness;

  public LeftoverFinder(Dialect dialect, Connection admin, String qualifier) {
    this(dialect, admin, qualifier, new Liveness());
  }

  LeftoverFinder(Dialect dialect, Connection admin, String qualifier, Liveness liveness) {
    this.dialect = dialect;
    this.admin = admin;
    this.qualifier = qualifier;
    this.liveness = liveness;
  }

  /**
   * What was found.
   *
   * @param runs the runs that left something, each with its objects
   * @param unmarked objects matching the prefix asked for without a commitbench mark ({@code table x}, {@code user y})
   * @param sessionsUnknown why the server's sessions could not be read, or empty
   */
  public record Found(List<RunLeftovers> runs, List<String> unmarked, Optional<String> sessionsUnknown) {}

  /**
   * @param prefix only objects whose names start with it; empty: every marked table and user
   * @param runId only the objects of this run; empty: of every run
   */
  public Found find(Optional<String> prefix, Optional<String> runId) throws SQLException {
    String start = prefix.orElse("");
    Map<OwnershipMark, Objects> runs = new LinkedHashMap<>();
    List<String> unmarked = new ArrayList<>();
    for (DbObject table : dialect.marks().tablesStartingWith(admin, qualifier, start)) {
      Optional<OwnershipMark> mark = OwnershipMark.parse(table.comment());
      if (mark.isEmpty()) {
        if (prefix.isPresent()) {
          unmarked.add("table " + table.name());
        }
      } else if (runId.map(mark.get().runId()::equals).orElse(true) && plainName(table.name())) {
        runs.computeIfAbsent(mark.get(), m -> new Objects()).tables.add(table.name());
      }
    }
    if (dialect.marks().marksUsers()) {
      for (DbObject user : dialect.users().usersStartingWith(admin, start)) {
        Optional<OwnershipMark> mark = OwnershipMark.parse(user.comment());
        if (mark.isEmpty()) {
          if (prefix.isPresent()) {
            unmarked.add("user " + user.name());
          }
        } else if (runId.map(mark.get().runId()::equals).orElse(true) && plainName(user.name())) {
          runs.computeIfAbsent(mark.get(), m -> new Objects()).users.add(user.name());
        }
      }
    } else {
      Set<String> claimed = new java.util.HashSet<>();
      for (Map.Entry<OwnershipMark, Objects> run : runs.entrySet()) {
        String userPrefix = run.getKey().userPrefix();
        if (userPrefix.isEmpty()) {
          continue;
        }
        for (DbObject user : dialect.users().usersStartingWith(admin, userPrefix)) {
          if (user.name().matches(java.util.regex.Pattern.quote(userPrefix) + "[0-9]+")) {
            run.getValue().users.add(user.name());
            claimed.add(user.name());
          }
        }
      }
      if (prefix.isPresent()) {
        dialect.users().usersStartingWith(admin, start).stream().filter(u -> !claimed.contains(u.name()))
            .forEach(u -> unmarked.add("user " + u.name() + " (" + dialect.name() + " keeps no mark on users, and no"
                + " commitbench table here names its prefix)"));
      }
    }
    Optional<String> sessionsUnknown = Optional.empty();
    List<DbSession> sessions;
    try {
      sessions = dialect.marks().sessions(admin);
    } catch (SQLException e) {
      sessions = List.of();
      sessionsUnknown = Optional.of("cannot read the server's sessions: " + e.getMessage());
    }
    List<RunLeftovers> found = new ArrayList<>();
    for (Map.Entry<OwnershipMark, Objects> run : runs.entrySet()) {
      List<String> users = run.getValue().users.stream().sorted().toList();
      found.add(new RunLeftovers(run.getKey(), run.getValue().tables.stream().sorted().toList(), users,
          liveness.why(run.getKey(), users, sessions)));
    }
    return new Found(found, unmarked, sessionsUnknown);
  }

  /** Only names the harness could have made go into DROP statements. */
  private static boolean plainName(String name) {
    return name.matches("[a-z][a-z0-9_]*");
  }

  /** A run's objects as they are found. */
  private static final class Objects {
    final List<String> tables = new ArrayList<>();
    final List<String> users = new ArrayList<>();
  }

  /** Whether a run looks live: its process still runs on this host, or its users have sessions. */
  static class Liveness {

    Optional<String> why(OwnershipMark mark, List<String> users, List<DbSession> sessions) {
      List<String> reasons = new ArrayList<>();
      if (mark.host().equals(OwnershipMark.localHost())) {
        ProcessHandle.of(mark.pid()).filter(ProcessHandle::isAlive).filter(p -> startedBy(p, mark))
            .ifPresent(p -> reasons.add("its process " + mark.pid() + " still runs on this host"));
      }
      Set<String> own = Set.copyOf(users);
      List<String> open = sessions.stream().filter(s -> own.contains(s.user()))
          .map(s -> s.user() + " from " + s.detail()).collect(Collectors.toList());
      if (!open.isEmpty()) {
        reasons.add(open.size() + " session" + (open.size() == 1 ? "" : "s") + " of its users " + (open.size() == 1
            ? "is" : "are") + " open (" + String.join("; ", open.subList(0, Math.min(3, open.size())))
            + (open.size() > 3 ? "; …" : "") + ")");
      }
      return reasons.isEmpty() ? Optional.empty() : Optional.of(String.join(", and ", reasons));
    }

    /** A process that started after the run did is another one that reuses the pid. */
    private static boolean startedBy(ProcessHandle process, OwnershipMark mark) {
      return process.info().startInstant().map(start -> !start.isAfter(mark.started().plusSeconds(1))).orElse(true);
    }
  }
}
