package io.commitbench.core.dialect;

import io.commitbench.core.breakdown.CommitWaits;
import io.commitbench.core.breakdown.LogFiles;
import io.commitbench.core.server.Fact;
import io.commitbench.core.server.LogCounters;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * What a product's server says about itself, read on the admin connection: facts for {@code
 * environment.json}, the log-write counters around a measurement, and how many bytes a workload's
 * tables take. A {@link Dialect} hands it out through {@link Dialect#server()}; a kind implements
 * it in its own class beside its dialect. Stateless and thread-safe.
 *
 * <pre>
 * ServerReadings server = dialect.server();
 * CounterSnapshot before = server.logCounters().read(admin);
 * </pre>
 */
public interface ServerReadings {

  /**
   * The readings of a product that offers commitbench nothing beyond the JDBC metadata: product
   * and version as facts, no log-write counters (said so under {@code product}'s name), no data
   * size.
   */
  static ServerReadings metadataOnly(String product) {
    return () -> admin -> io.commitbench.core.server.CounterSnapshot.unavailable(
        product + ": no log-write counters are read for this database");
  }

  /** Reads the server's log-write counters, the database's own view of what commits cost. */
  LogCounters logCounters();

  /**
   * Facts about the server for {@code environment.json}: product and version, durability
   * settings, and where the redo/WAL files are (group {@code log_location}, value an absolute
   * path on the server's host). The default reports product and version from the JDBC metadata.
   * A fact that cannot be read is returned as unknown with the reason, never left out silently.
   */
  default List<Fact> serverFacts(Connection admin) throws SQLException {
    DatabaseMetaData meta = admin.getMetaData();
    return List.of(
        Fact.of("server", "product", meta.getDatabaseProductName()),
        Fact.of("server", "version", meta.getDatabaseProductVersion()));
  }

  /**
   * How many bytes the server says {@code tables} take, their indexes included, read on the
   * central user's connection after the rows are in; empty when the product reports none. The
   * default: none.
   *
   * @param tables one or more, in the schema the admin connection works in
   */
  default Optional<DataSize> dataSize(Connection admin, List<TableSpec> tables) throws SQLException {
    return Optional.empty();
  }

  /**
   * The server's own view of where commits wait (wait events, wait histograms), for the commit
   * breakdown. The default: none, said so under the product's name.
   */
  default CommitWaits commitWaits() {
    return CommitWaits.none("this database offers no wait events that commitbench reads");
  }

  /**
   * Which files are the server's log and which its data, from the facts {@link #serverFacts}
   * gave, for the kernel's view of its I/O. The default: each known {@code log_location} fact's
   * path (a directory with all below it) as log, and the fact {@code server/data_directory} as
   * data, each also as its real path when it is a link on this host.
   */
  default LogFiles logFiles(List<Fact> facts) {
    List<String> log = new java.util.ArrayList<>();
    List<String> data = new java.util.ArrayList<>();
    for (Fact fact : facts) {
      if (!fact.known()) {
        continue;
      }
      if (fact.group().equals("log_location")) {
        log.addAll(LogFilesDefaults.globs(fact.value()));
      } else if (fact.group().equals("server") && fact.name().equals("data_directory")) {
        data.addAll(LogFilesDefaults.globs(fact.value()));
      }
    }
    return new LogFiles(log, data);
  }
}
