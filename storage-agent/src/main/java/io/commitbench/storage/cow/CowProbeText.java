package io.commitbench.storage.cow;

import io.commitbench.storage.inspect.Sizes;
import io.commitbench.storage.snapshot.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The text {@code storage cow-probe} prints at the end: what was probed and how, a table of the
 * phases, and the extent counts before and after the rewrite. Stateless and thread-safe.
 *
 * <pre>
 * copy-on-write probe in /mnt/data (btrfs on /dev/loop3)
 *   file     : /mnt/data/commitbench-cow-probe-….dat, 32.0 MiB = 8,192 blocks of 4 KiB (deleted)
 *   ...
 *   phase          time      MiB/s       ops/s  detail
 *   fill        0.412 s      77.67      19,884  8,192 writes of 4 KiB, fsync 0.301 s
 *   ...
 *   extents  : 1 after the fill, 163 after the rewrite (filefrag, FIEMAP)
 * </pre>
 */
public final class CowProbeText {

  private static final String ROW = "  %-9s %9s %10s %11s  %s";

  private CowProbeText() {}

  public static List<String> render(CowProbeResult r) {
    CowProbeSpec spec = r.spec();
    List<String> lines = new ArrayList<>();
    lines.add("copy-on-write probe in " + spec.directory() + " (" + r.storage().mount().filesystem() + " on "
        + r.storage().mount().source() + ")");
    line(lines, "file", r.file() + ", " + Sizes.binary(spec.sizeBytes()) + " = " + count(spec.blocks())
        + " blocks of 4 KiB (" + (r.fileKept() ? "kept" : "deleted") + ")");
    line(lines, "writes", spec.workers() + " workers; fill order " + spec.fillOrder().label() + "; "
        + count(spec.rewrites()) + " rewrites (" + String.format(Locale.ROOT, "%.2f %%",
        100.0 * spec.rewrites() / spec.blocks()) + " of the blocks); seed " + spec.seed());
    line(lines, "snapshot", snapshot(r.snapshot()));
    line(lines, "cache", cache(r.cache()));
    lines.add("");
    lines.add(String.format(Locale.ROOT, ROW, "phase", "time", "MiB/s", "ops/s", "detail"));
    for (PhaseResult p : r.phases()) {
      lines.add(phase(p, r));
    }
    lines.add("");
    line(lines, "extents", r.extentsAfterFill().display() + " after the fill, " + r.extentsAfterRewrite().display()
        + " after the rewrite (filefrag, FIEMAP)");
    return lines;
  }

  private static String phase(PhaseResult p, CowProbeResult r) {
    boolean moved = p.operations() > 0;
    return String.format(Locale.ROOT, ROW, p.name(), String.format(Locale.ROOT, "%.3f s", p.seconds()),
        moved ? String.format(Locale.ROOT, "%.2f", p.mibPerSecond()) : "-",
        moved ? String.format(Locale.ROOT, "%,.0f", p.operationsPerSecond()) : "-", detail(p, r));
  }

  private static String detail(PhaseResult p, CowProbeResult r) {
    if (p.name().equals("snapshot")) {
      return r.snapshot().snapshot().map(Snapshot::description).orElse("");
    }
    String unit = p.name().equals("read") ? "reads of 1 MiB" : "writes of 4 KiB";
    return count(p.operations()) + " " + unit
        + p.sync().map(s -> String.format(Locale.ROOT, ", fsync %.3f s", s.toNanos() / 1e9)).orElse("");
  }

  private static String snapshot(SnapshotOutcome s) {
    if (s.snapshot().isEmpty()) {
      return "none: " + s.reason();
    }
    Snapshot snap = s.snapshot().get();
    String end = s.removed() ? "removed at the end"
        : "NOT removed: " + s.removeFailure() + "; remove it with: " + Snapshot.display(snap.remove());
    return snap.description() + " of " + snap.source() + " at " + snap.location() + ", " + end;
  }

  private static String cache(CacheState c) {
    String resident = c.residentBytes().isPresent()
        ? Sizes.binary(c.residentBytes().getAsLong()) + " of the file cached before the read (fincore)"
        : "cached share before the read unknown (no fincore)";
    String done = c.dropped() ? c.method() : c.method() + " — " + c.note();
    String note = c.dropped() && !c.note().isEmpty() ? "; " + c.note() : "";
    return done + "; " + resident + note;
  }

  private static void line(List<String> lines, String label, String value) {
    lines.add(String.format(Locale.ROOT, "  %-9s: %s", label, value));
  }

  private static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
