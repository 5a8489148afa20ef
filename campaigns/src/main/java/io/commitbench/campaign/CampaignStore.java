package io.commitbench.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.io.Sha256;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A campaign's results folder: {@code campaign.json} (which workload it measures), and one folder
 * per cell, {@code cells/ID/}, holding {@code cell.json} (its outcome, written atomically once the
 * cell is over) and the cell's run results. A resumed campaign keeps every cell whose outcome is
 * final and runs the others again; a folder that holds a campaign of another workload is refused,
 * so that tables never mix two workloads.
 */
public final class CampaignStore {

  /** The identity's entry for the log's state before the measured runs ({@code campaign.write-log-through}). */
  private static final String LOG = "log";
  private static final String LOG_AS_MADE = "as the server made it";
  /** The identity's entry for the lab devices the logs go on ({@code campaign.log-on}), when any. */
  private static final String LOG_DEVICES = "log_devices";

  static final String CAMPAIGN_FILE = "campaign.json";
  static final String CELL_FILE = "cell.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path output;

  private CampaignStore(Path output) {
    this.output = output;
  }

  /** Opens (creating) the folder for this campaign, refusing one that holds another workload's cells. */
  public static CampaignStore open(CampaignSpec spec) throws IOException, RefusedException {
    Optional<CampaignStore> existing = existing(spec);
    if (existing.isPresent()) {
      return existing.get();
    }
    Files.createDirectories(spec.output());
    ObjectNode node = JSON.createObjectNode();
    node.put("schema", "commitbench.campaign/1");
    node.put("name", spec.name());
    identity(spec).forEach(node::put);
    AtomicFiles.write(spec.output().resolve(CAMPAIGN_FILE), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(node));
    return new CampaignStore(spec.output());
  }

  /** The folder of an earlier run of this campaign, if there is one; nothing is written. */
  public static Optional<CampaignStore> existing(CampaignSpec spec) throws IOException, RefusedException {
    Path file = spec.output().resolve(CAMPAIGN_FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    JsonNode recorded = JSON.readTree(file.toFile());
    for (Map.Entry<String, String> e : identity(spec).entrySet()) {
      // A folder without the write-log-through entry measured the log as the server made it; one
      // without the log devices' entry does not say what they were, so no campaign with them resumes there.
      String before = recorded.path(e.getKey()).asText(switch (e.getKey()) {
        case LOG -> LOG_AS_MADE;
        case LOG_DEVICES -> "unknown";
        default -> "";
      });
      if (!before.equals(e.getValue())) {
        throw new RefusedException(spec.output() + " holds a campaign whose " + e.getKey() + " was " + before
            + ", not " + e.getValue() + "; its cells would not compare. Give another campaign.output, or remove that"
            + " folder");
      }
    }
    return Optional.of(new CampaignStore(spec.output()));
  }

  /**
   * What makes two runs of a campaign comparable: the workload and load files' content, how it
   * loads, how often it measures, whether the log is written through first, and the profiles and
   * size of the lab devices the logs go on.
   */
  private static Map<String, String> identity(CampaignSpec spec) throws IOException {
    Map<String, String> id = new LinkedHashMap<>();
    id.put("workload_sha256", sha256(spec.workload()));
    id.put("load_sha256", sha256(spec.load()));
    // Added only when set, so a campaign folder written without these keys still compares.
    if (spec.prepareLoad()) {
      id.put("load", CampaignFile.PREPARE);
    }
    spec.runs().ifPresent(n -> id.put("runs", Integer.toString(n)));
    id.put(LOG, spec.writeLogThrough() ? "written through" : LOG_AS_MADE);
    // A cell's id names the device its log is on, not that device's profile or size.
    spec.logDevices().ifPresent(d -> id.put(LOG_DEVICES, d));
    return id;
  }

  public Path output() {
    return output;
  }

  /** The cell's folder; its run results go below it. */
  public Path cellDir(Cell cell) {
    return output.resolve("cells").resolve(cell.id());
  }

  /** The recorded outcome of the cell, if it has one. */
  public Optional<CellOutcome> outcome(Cell cell) throws IOException {
    Path file = cellDir(cell).resolve(CELL_FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    JsonNode n = JSON.readTree(file.toFile());
    Optional<CellOutcome.Status> status = CellOutcome.Status.byLabel(n.path("status").asText());
    if (status.isEmpty()) {
      throw new IOException(file + " has no known status; remove it to run the cell again");
    }
    Optional<String> runDir = n.hasNonNull("run_dir") ? Optional.of(n.get("run_dir").asText()) : Optional.empty();
    return Optional.of(new CellOutcome(cell, status.get(), figures(n), n.path("reason").asText(""), runDir,
        n.path("seconds").asDouble(), Instant.parse(n.path("finished").asText(Instant.EPOCH.toString()))));
  }

  /** Records the cell's outcome (atomically: a crash leaves the old outcome or the new one). */
  public void record(CellOutcome outcome) throws IOException {
    Cell cell = outcome.cell();
    ObjectNode n = JSON.createObjectNode();
    n.put("cell", cell.id());
    n.put("layout", cell.layout().label());
    n.put("disks", cell.disks());
    n.put("dbms", cell.dbms());
    n.put("snapshots", cell.snapshots());
    n.put("status", outcome.status().label());
    outcome.transactionsPerSecond().ifPresent(v -> n.put("transactions_per_second", v));
    outcome.figures().ifPresent(f -> {
      ArrayNode runs = n.putArray("runs_transactions_per_second");
      f.transactionsPerSecond().forEach(runs::add);
      ObjectNode server = n.putObject("server");
      f.server().forEach((name, v) -> server.putObject(name).put("value", v.value()).put("unit", v.unit()));
    });
    n.put("reason", outcome.reason());
    outcome.runDir().ifPresent(d -> n.put("run_dir", d));
    n.put("seconds", outcome.seconds());
    n.put("finished", outcome.finished().toString());
    Files.createDirectories(cellDir(cell));
    AtomicFiles.write(cellDir(cell).resolve(CELL_FILE), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(n));
  }

  /**
   * The figures of a measured cell: each run's TX/s and the server's view; a cell.json without
   * {@code runs_transactions_per_second} has its one {@code transactions_per_second} and no server
   * figures.
   */
  private static Optional<CellFigures> figures(JsonNode n) {
    if (n.hasNonNull("runs_transactions_per_second")) {
      List<Double> runs = new ArrayList<>();
      n.get("runs_transactions_per_second").forEach(v -> runs.add(v.asDouble()));
      Map<String, CellFigures.ServerValue> server = new LinkedHashMap<>();
      n.path("server").fields().forEachRemaining(e -> server.put(e.getKey(),
          new CellFigures.ServerValue(e.getValue().path("value").asDouble(), e.getValue().path("unit").asText(""))));
      return Optional.of(new CellFigures(runs, server));
    }
    return n.hasNonNull("transactions_per_second")
        ? Optional.of(CellFigures.single(n.get("transactions_per_second").asDouble())) : Optional.empty();
  }

  /** The recorded outcomes of these cells, in their order; cells without one are left out. */
  public List<CellOutcome> outcomes(List<Cell> cells) throws IOException {
    List<CellOutcome> all = new ArrayList<>();
    for (Cell cell : cells) {
      outcome(cell).ifPresent(all::add);
    }
    return all;
  }

  private static String sha256(Path file) throws IOException {
    return Sha256.hex(Files.readAllBytes(file));
  }
}
