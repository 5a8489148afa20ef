package io.commitbench.core.environment;

import io.commitbench.core.HarnessVersion;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.host.DatabaseHost;
import io.commitbench.core.host.HostFacts;
import io.commitbench.core.host.StorageFacts;
import io.commitbench.core.host.StorageLocator;
import io.commitbench.core.server.Fact;
import io.commitbench.core.server.FactQueries;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Gathers the environment of a run: the harness (version, commit), this host (CPU, memory,
 * kernel), the server's facts from the dialect (product, version, durability settings, where
 * the redo/WAL files are) and, when the database runs on this host, the storage under each log
 * location (filesystem, mount options, block devices, rotational). Never throws for a fact it
 * cannot read: that fact is unknown with the reason.
 *
 * <pre>
 * List&lt;Fact&gt; facts = EnvironmentCollector.collect(config, dialect, admin);
 * EnvironmentJsonWriter.write(facts, runDirectory.resolve(EnvironmentJsonWriter.FILE_NAME));
 * EnvironmentText.headerLines(facts).forEach(log::print);
 * </pre>
 *
 * <p>Facts come in group order ({@link #GROUP_ORDER}), each group in the order read. Only reads;
 * thread-safe.
 */
public final class EnvironmentCollector {

  public static final String HARNESS = "harness";
  public static final String HOST = HostFacts.GROUP;
  public static final String SERVER = "server";
  public static final String DURABILITY = "durability";
  public static final String LOG_LOCATION = "log_location";
  /** Storage facts of each log location, named {@code <location name>.<attribute>}. */
  public static final String LOG_DEVICE = "log_device";
  /** The order of groups in the list, in {@code environment.json} and in the header. */
  public static final List<String> GROUP_ORDER = List.of(HARNESS, HOST, SERVER, DURABILITY, LOG_LOCATION, LOG_DEVICE);

  private final StorageLocator locator;
  private final Supplier<List<Fact>> hostFacts;
  private final Function<String, DatabaseHost> databaseHost;

  EnvironmentCollector(StorageLocator locator, Supplier<List<Fact>> hostFacts, Function<String, DatabaseHost> databaseHost) {
    this.locator = locator;
    this.hostFacts = hostFacts;
    this.databaseHost = databaseHost;
  }

  /** The facts of a run about to start on {@code admin} (an open administrator connection). */
  public static List<Fact> collect(BenchmarkConfig config, Dialect dialect, Connection admin) {
    return collect(config.dbUrl(), dialect, admin);
  }

  /** Like {@link #collect(BenchmarkConfig, Dialect, Connection)}, for a JDBC URL. */
  public static List<Fact> collect(String jdbcUrl, Dialect dialect, Connection admin) {
    return new EnvironmentCollector(StorageLocator.system(), HostFacts::read, url -> DatabaseHost.of(dialect.hosts(url)))
        .facts(jdbcUrl, dialect, admin);
  }

  List<Fact> facts(String jdbcUrl, Dialect dialect, Connection admin) {
    List<Fact> facts = new ArrayList<>(harness());
    try {
      facts.addAll(hostFacts.get());
    } catch (RuntimeException e) {
      facts.add(Fact.unknown(HOST, "host", "cannot read the host's facts: " + e));
    }
    DatabaseHost where = databaseHost.apply(jdbcUrl);
    facts.add(Fact.of(SERVER, "on_this_host", (where.thisHost() ? "yes: " : "no: ") + where.explanation()));
    List<Fact> server = server(dialect, admin);
    facts.addAll(server);
    for (Fact location : server) {
      if (location.group().equals(LOG_LOCATION)) {
        facts.addAll(storage(location, where));
      }
    }
    List<Fact> ordered = new ArrayList<>(facts);
    ordered.sort(Comparator.comparingInt(f -> groupRank(f.group())));
    return List.copyOf(ordered);
  }

  static List<Fact> harness() {
    return List.of(
        Fact.of(HARNESS, "version", HarnessVersion.get()),
        HarnessVersion.commitId().map(id -> Fact.of(HARNESS, "commit", id))
            .orElse(Fact.unknown(HARNESS, "commit", "built outside git")),
        HarnessVersion.uncommittedChanges().map(dirty -> Fact.of(HARNESS, "uncommitted_changes", dirty.toString()))
            .orElse(Fact.unknown(HARNESS, "uncommitted_changes", "built outside git")));
  }

  private static List<Fact> server(Dialect dialect, Connection admin) {
    try {
      return dialect.server().serverFacts(admin);
    } catch (SQLException | RuntimeException e) {
      String reason = dialect.name() + ": cannot read the server's facts: "
          + (e instanceof SQLException sql ? FactQueries.reason(sql) : e.toString());
      return List.of(Fact.unknown(SERVER, "product", reason), Fact.unknown(SERVER, "version", reason),
          Fact.unknown(DURABILITY, "settings", reason), Fact.unknown(LOG_LOCATION, "log_files", reason));
    }
  }

  private List<Fact> storage(Fact location, DatabaseHost where) {
    String prefix = location.name();
    if (!location.known()) {
      return StorageFacts.unknown(LOG_DEVICE, prefix, "the log location is unknown: " + location.unknownReason());
    }
    if (!where.thisHost()) {
      return StorageFacts.unknown(LOG_DEVICE, prefix, where.explanation());
    }
    try {
      Path path = Path.of(location.value());
      if (!path.isAbsolute()) {
        return StorageFacts.unknown(LOG_DEVICE, prefix, "'" + location.value() + "' is not an absolute path");
      }
      List<Fact> facts = new ArrayList<>(StorageFacts.of(LOG_DEVICE, prefix, locator.locate(path)));
      facts.addAll(LabDeviceFacts.of(LOG_DEVICE, prefix, path)); // none unless the log is on a lab device
      return facts;
    } catch (NoSuchFileException e) {
      return StorageFacts.unknown(LOG_DEVICE, prefix, location.value() + " does not exist on this host"
          + " (is the database in a container or VM with a filesystem of its own?)");
    } catch (IOException | RuntimeException e) {
      return StorageFacts.unknown(LOG_DEVICE, prefix, "cannot locate " + location.value() + ": " + e);
    }
  }

  private static int groupRank(String group) {
    int rank = GROUP_ORDER.indexOf(group);
    return rank < 0 ? GROUP_ORDER.size() : rank;
  }
}
