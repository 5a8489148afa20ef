package io.commitbench.storage.format;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an arm had to act on during the measured run, from two {@link LogSample}s and the files
 * a {@link LogFileWatch} counted: the log written against one log file's size, the files created
 * and recycled, the checkpoints, and a warning when there was nothing to act on. Pure arithmetic
 * and text; immutable.
 *
 * <p>The warning rule: the run wrote less log than one file holds (no file was filled, so none
 * could be recycled or created for it), or — where the server renames files for reuse and they
 * were watched — it wrote more but no file was created or recycled.
 *
 * @param arm the arm's name
 * @param unit what one log file is called, e.g. {@code WAL segment}
 * @param reuse how the server reuses its files
 * @param before the sample as the measured run began
 * @param after the sample as it ended
 * @param files the files created, recycled and removed, or null when they could not be watched
 * @param filesAbsent why {@code files} is null; empty otherwise
 */
public record ExposureReport(String arm, String unit, LogExposure.Reuse reuse, LogSample before, LogSample after,
    FileCounts files, String filesAbsent) {

  /**
   * Log files that changed during the run.
   *
   * @param created new files (an inode not seen before)
   * @param recycled old files under a new name
   * @param removed files gone
   */
  public record FileCounts(long created, long recycled, long removed) {}

  /** Bytes of log written between the two samples. */
  public long logBytes() {
    return after.position() - before.position();
  }

  /**
   * The size of one log file as the run began (an arm such as MariaDB's {@code resize} changes it
   * during the run; the size at the end is then reported beside it).
   */
  public long unitBytes() {
    return before.unitBytes();
  }

  /** How many log files' worth were written: {@link #logBytes()} over {@link #unitBytes()}. */
  public double unitsWritten() {
    return unitsWritten(logBytes(), unitBytes());
  }

  /** {@code bytes / unitBytes}; 0 for a size of 0 (a server that reports none). */
  static double unitsWritten(long bytes, long unitBytes) {
    return unitBytes <= 0 ? 0 : (double) bytes / unitBytes;
  }

  /** Checkpoints the server took during the run, or null when it does not count them. */
  public Long checkpoints() {
    return before.checkpoints() == null || after.checkpoints() == null ? null
        : after.checkpoints() - before.checkpoints();
  }

  /** Times a circular log was overwritten from its start: whole log sizes written. */
  public long wraps() {
    return unitBytes() <= 0 ? 0 : logBytes() / unitBytes();
  }

  /** The warnings, each starting {@code warning: }; empty when the arm had something to act on. */
  public List<String> warnings() {
    String written = String.format(Locale.ROOT, "the run wrote %,d bytes of log, %s of one %s of %,d bytes",
        logBytes(), ratio(unitsWritten()), unit, unitBytes());
    String advice = "; run longer, or with a workload that writes more log (more or bigger rows per commit)";
    if (logBytes() < unitBytes()) {
      return List.of("warning: formatter arm " + arm + " had nothing to act on: " + written + "; less than one "
          + unit + "'s worth, so the server had at most one " + unit + " to recycle or create and pre-formatting"
          + " could not matter" + advice);
    }
    if (reuse == LogExposure.Reuse.RENAME && files != null && files.created() + files.recycled() == 0) {
      return List.of("warning: formatter arm " + arm + " had nothing to act on: " + written + ", but no " + unit
          + " was created or recycled during it (the server makes or recycles them at checkpoints)" + advice);
    }
    return List.of();
  }

  /** The report block's lines (without heading). */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add(line("log written during the run", String.format(Locale.ROOT, "%,d bytes = %s %s of %,d bytes%s",
        logBytes(), ratio(unitsWritten()), plural(unit), unitBytes(), after.unitBytes() == unitBytes() ? ""
            : String.format(Locale.ROOT, " (%,d bytes at the end)", after.unitBytes()))));
    if (files == null) {
      lines.add(line(plural(unit) + " created, recycled", "not available: " + filesAbsent));
    } else {
      lines.add(line(plural(unit) + " created", String.valueOf(files.created())));
      if (reuse == LogExposure.Reuse.RENAME) {
        lines.add(line(plural(unit) + " recycled", String.valueOf(files.recycled())));
        lines.add(line(plural(unit) + " removed", String.valueOf(files.removed())));
      }
    }
    if (reuse == LogExposure.Reuse.IN_PLACE) {
      lines.add(line(unit + " wraps", wraps() + " (reused in place, not as files: whole " + unit
          + " sizes written)"));
    }
    Long checkpoints = checkpoints();
    lines.add(line("checkpoints", checkpoints == null ? "not available: " + after.checkpointsAbsent()
        : String.valueOf(checkpoints)));
    return lines;
  }

  /** The figures for summary.json, under the formatter's {@code exposure}. */
  public Map<String, Object> figures() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("logBytes", logBytes());
    f.put("unit", unit);
    f.put("unitBytes", unitBytes());
    f.put("unitBytesAtEnd", after.unitBytes());
    f.put("unitsWritten", Math.round(unitsWritten() * 1e4) / 1e4);
    f.put("reuse", reuse.name().toLowerCase(Locale.ROOT).replace('_', '-'));
    f.put("filesCreated", files == null ? null : files.created());
    f.put("filesRecycled", files == null || reuse != LogExposure.Reuse.RENAME ? null : files.recycled());
    f.put("filesRemoved", files == null || reuse != LogExposure.Reuse.RENAME ? null : files.removed());
    if (files == null) {
      f.put("filesAbsent", filesAbsent);
    }
    if (reuse == LogExposure.Reuse.IN_PLACE) {
      f.put("wraps", wraps());
    }
    f.put("checkpoints", checkpoints());
    if (checkpoints() == null) {
      f.put("checkpointsAbsent", after.checkpointsAbsent());
    }
    return f;
  }

  /** Two decimals, four below 0.01 so that a small share does not read as nothing. */
  static String ratio(double units) {
    return String.format(Locale.ROOT, units > 0 && units < 0.01 ? "%.4f" : "%.2f", units);
  }

  private static String plural(String unit) {
    return unit + "s";
  }

  private static String line(String label, String value) {
    return String.format(Locale.ROOT, "%-35s: %s", label, value);
  }
}
