package io.commitbench.campaign;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What became of one cell.
 *
 * @param cell the cell
 * @param status measured, unsupported on this host, or failed
 * @param figures what its runs measured (TX/s per run, the server's view), when measured
 * @param reason why it is unsupported or failed; empty when measured
 * @param runDir the measured run's results folder, relative to the campaign's output, when there is one
 * @param seconds the cell's wall time: build, load, snapshots, run, tear-down
 * @param finished when the outcome was recorded
 */
public record CellOutcome(Cell cell, Status status, Optional<CellFigures> figures, String reason,
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

  public static CellOutcome measured(Cell cell, CellFigures figures, String runDir, double seconds) {
    return new CellOutcome(cell, Status.MEASURED, Optional.of(figures), "", Optional.of(runDir), seconds, Instant.now());
  }

  /** The median of the measured runs' TX/s; empty when not measured. */
  public OptionalDouble transactionsPerSecond() {
    return figures.map(f -> OptionalDouble.of(f.spread().median())).orElse(OptionalDouble.empty());
  }

  public static CellOutcome unsupported(Cell cell, String reason) {
    return new CellOutcome(cell, Status.UNSUPPORTED, Optional.empty(), reason, Optional.empty(), 0, Instant.now());
  }

  public static CellOutcome failed(Cell cell, String reason, Optional<String> runDir, double seconds) {
    return new CellOutcome(cell, Status.FAILED, Optional.empty(), reason, runDir, seconds, Instant.now());
  }

  /** The same outcome over another wall time (a cell's includes its tear-down, which follows the measurement). */
  public CellOutcome withSeconds(double wallSeconds) {
    return new CellOutcome(cell, status, figures, reason, runDir, wallSeconds, finished);
  }

  /** Whether a resumed campaign keeps this outcome instead of running the cell again. */
  public boolean isFinal() {
    return status != Status.FAILED;
  }
}
