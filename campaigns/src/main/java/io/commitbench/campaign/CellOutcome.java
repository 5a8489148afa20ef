package io.commitbench.campaign;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What became of one cell.
 *
 * @param cell the cell
 * @param status measured, unsupported on this host, or failed
 * @param transactionsPerSecond the measured run's committed transactions per second, when measured
 * @param reason why it is unsupported or failed; empty when measured
 * @param runDir the measured run's results folder, relative to the campaign's output, when there is one
 * @param seconds the cell's wall time: build, load, snapshots, run, tear-down
 * @param finished when the outcome was recorded
 */
public record CellOutcome(Cell cell, Status status, OptionalDouble transactionsPerSecond, String reason,
    Optional<String> runDir, double seconds, Instant finished) {

  /** How a cell ended. */
  public enum Status {
    /** Built, loaded, snapshotted, measured and torn down. */
    MEASURED("measured"),
    /** This host lacks what the cell needs (device-mapper, a filesystem, a tool); never attempted. */
    UNSUPPORTED("unsupported"),
    /** Attempted and failed; a resumed campaign tries it again. */
    FAILED("failed");

    private final String label;

    Status(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }

    public static Optional<Status> byLabel(String label) {
      for (Status s : values()) {
        if (s.label.equals(label)) {
          return Optional.of(s);
        }
      }
      return Optional.empty();
    }
  }

  public static CellOutcome measured(Cell cell, double tps, String runDir, double seconds) {
    return new CellOutcome(cell, Status.MEASURED, OptionalDouble.of(tps), "", Optional.of(runDir), seconds, Instant.now());
  }

  public static CellOutcome unsupported(Cell cell, String reason) {
    return new CellOutcome(cell, Status.UNSUPPORTED, OptionalDouble.empty(), reason, Optional.empty(), 0, Instant.now());
  }

  public static CellOutcome failed(Cell cell, String reason, Optional<String> runDir, double seconds) {
    return new CellOutcome(cell, Status.FAILED, OptionalDouble.empty(), reason, runDir, seconds, Instant.now());
  }

  /** The same outcome over another wall time (a cell's includes its tear-down, which follows the measurement). */
  public CellOutcome withSeconds(double wallSeconds) {
    return new CellOutcome(cell, status, transactionsPerSecond, reason, runDir, wallSeconds, finished);
  }

  /** Whether a resumed campaign keeps this outcome instead of running the cell again. */
  public boolean isFinal() {
    return status != Status.FAILED;
  }
}
