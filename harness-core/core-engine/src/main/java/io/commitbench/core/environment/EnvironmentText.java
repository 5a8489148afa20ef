package io.commitbench.core.environment;

import io.commitbench.core.server.Fact;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The environment in the report header: product and version, the durability settings, each log
 * location with its filesystem and device, the host's CPU, memory and system, and the harness
 * version and commit. The lines have the shape of {@code ReportText.header}'s ({@code " | Label
 * : value"}) without a line end, so they can go between its lines. An unknown fact shows as
 * {@code unknown (reason)}; every fact and reason is also in {@code environment.json}.
 *
 * <pre>
 *  | DB Product       : PostgreSQL 15.20 (Debian 15.20-0+deb12u1)
 *  | Durability       : synchronous_commit=on fsync=on wal_sync_method=fdatasync ...
 *  | Log Location     : /var/lib/postgresql/15/main/pg_wal
 *  | Log Filesystem   : ext4 /dev/vda on / (rw,relatime,discard)
 *  | Log Device       : vda (disk), rotational, blocks 512/4096 bytes, discard, 231.4 GiB free
 *  | Log Lab Device   : hdd of lab lab-1a2b at /var/tmp/lab, profile hdd, calibrated fdatasync of 8 KiB p50 14.0 ms, p99 27.9 ms
 * </pre>
 *
 * <p>The last line only where the log lies on a {@code storage lab} device ({@link LabDeviceFacts}).
 *
 * <p>Stateless and thread-safe.
 */
public final class EnvironmentText {

  /** As {@code ReportText.HEADER_LABEL_WIDTH}: the paper's run header pads its labels to 17. */
  static final int LABEL_WIDTH = 17;

  /** Long values (the durability settings) wrap onto lines with an empty label beyond this. */
  static final int MAX_LINE = 110;

  private static final double GIB = 1024.0 * 1024 * 1024;

  /** Labels the HTML report's first screen looks up. */
  public static final String PRODUCT = "DB Product";
  public static final String LOG_LOCATION = "Log Location";
  public static final String LOG_DEVICE = "Log Device";

  private EnvironmentText() {}

  public static List<String> headerLines(List<Fact> facts) {
    Map<String, Fact> byKey = new LinkedHashMap<>();
    facts.forEach(f -> byKey.putIfAbsent(f.group() + "/" + f.name(), f));
    List<String> lines = new ArrayList<>();
    line(lines, PRODUCT, text(byKey, "server/product") + " " + text(byKey, "server/version"));
    List<String> settings = facts.stream().filter(f -> f.group().equals(EnvironmentCollector.DURABILITY))
        .map(f -> f.name() + "=" + value(f)).toList();
    wrapped(lines, "Durability", settings.isEmpty() ? List.of("none reported") : settings);
    for (Fact location : facts) {
      if (location.group().equals(EnvironmentCollector.LOG_LOCATION)) {
        storage(lines, byKey, location);
      }
    }
    line(lines, "Host CPU", text(byKey, "host/cpu_model") + ", " + text(byKey, "host/cpu_count") + " CPUs");
    line(lines, "Host Memory", find(byKey, "host/memory_total_bytes").filter(Fact::known)
        .map(f -> size(f.value())).orElse(text(byKey, "host/memory_total_bytes")));
    line(lines, "Host OS", text(byKey, "host/os") + ", kernel " + text(byKey, "host/kernel"));
    line(lines, "Java", text(byKey, "host/java"));
    Optional<Fact> dirty = find(byKey, "harness/uncommitted_changes").filter(Fact::known);
    line(lines, "commitbench", text(byKey, "harness/version") + ", commit " + text(byKey, "harness/commit")
        + (dirty.isPresent() && dirty.get().value().equals("true") ? " with uncommitted changes" : ""));
    return lines;
  }

  private static void storage(List<String> lines, Map<String, Fact> byKey, Fact location) {
    String device = EnvironmentCollector.LOG_DEVICE + "/" + location.name() + ".";
    Optional<Fact> real = find(byKey, device + "real_path").filter(Fact::known);
    boolean moved = real.isPresent() && location.known() && !real.get().value().equals(location.value());
    line(lines, LOG_LOCATION, value(location) + (moved ? " -> " + real.get().value() : ""));
    Optional<Fact> filesystem = find(byKey, device + "filesystem");
    if (filesystem.isEmpty() || !filesystem.get().known()) {
      line(lines, LOG_DEVICE, filesystem.map(EnvironmentText::value).orElse("unknown (not located)"));
      return;
    }
    line(lines, "Log Filesystem", filesystem.get().value() + " " + text(byKey, device + "mount_source") + " on "
        + text(byKey, device + "mount_point") + " (" + text(byKey, device + "mount_options") + ")");
    Fact chain = find(byKey, device + "device_chain").orElse(Fact.unknown("", "", "not located"));
    if (!chain.known()) {
      line(lines, LOG_DEVICE, value(chain) + free(byKey, device));
      return;
    }
    String rotational = text(byKey, device + "rotational");
    String discard = find(byKey, device + "discard_max_bytes").filter(Fact::known)
        .map(f -> f.value().equals("0") ? "no discard" : "discard").orElse("discard unknown");
    line(lines, LOG_DEVICE, chain.value() + ", "
        + (rotational.equals("1") ? "rotational" : rotational.equals("0") ? "non-rotational" : "rotational " + rotational)
        + ", blocks " + text(byKey, device + "logical_block_size") + "/" + text(byKey, device + "physical_block_size")
        + " bytes, " + discard + free(byKey, device));
    find(byKey, device + "lab_profile").ifPresent(profile -> line(lines, "Log Lab Device", text(byKey,
        device + "lab_device") + ", profile " + value(profile) + ", " + calibration(byKey, device)));
  }

  /**
   * The lab's calibration of the device under the log: fdatasync of 8 KiB p50/p99 back to back,
   * and after an idle gap (paced) where the lab measured it, or why unknown.
   */
  private static String calibration(Map<String, Fact> byKey, String device) {
    Optional<Fact> p50 = find(byKey, device + "lab_fdatasync_p50_us");
    if (p50.isEmpty() || !p50.get().known()) {
      return "calibration " + p50.map(EnvironmentText::value).orElse("unknown (not collected)");
    }
    String line = "calibrated fdatasync of 8 KiB " + percentiles(byKey, device + "lab_fdatasync");
    boolean paced = find(byKey, device + "lab_paced_fdatasync_p50_us").filter(Fact::known).isPresent();
    return paced ? line + "; paced " + percentiles(byKey, device + "lab_paced_fdatasync") : line;
  }

  /** {@code p50 …, p99 …} of the facts {@code <figure>_p50_us} and {@code <figure>_p99_us}, {@code ?} where unknown. */
  private static String percentiles(Map<String, Fact> byKey, String figure) {
    return "p50 " + knownMicros(byKey, figure + "_p50_us") + ", p99 " + knownMicros(byKey, figure + "_p99_us");
  }

  private static String knownMicros(Map<String, Fact> byKey, String key) {
    return find(byKey, key).filter(Fact::known).map(f -> micros(f.value())).orElse("?");
  }

  private static String micros(String value) {
    try {
      double us = Double.parseDouble(value);
      return us >= 1000 ? String.format(Locale.ROOT, "%.1f ms", us / 1000) : String.format(Locale.ROOT, "%.0f µs", us);
    } catch (NumberFormatException e) {
      return value + " µs";
    }
  }

  private static String free(Map<String, Fact> byKey, String device) {
    return find(byKey, device + "free_bytes").filter(Fact::known).map(f -> ", " + size(f.value()) + " free").orElse("");
  }

  private static void wrapped(List<String> lines, String label, List<String> items) {
    StringBuilder current = new StringBuilder();
    String currentLabel = label;
    for (String item : items) {
      if (current.length() > 0 && LABEL_WIDTH + 5 + current.length() + 1 + item.length() > MAX_LINE) {
        line(lines, currentLabel, current.toString());
        current.setLength(0);
        currentLabel = "";
      }
      current.append(current.length() > 0 ? " " : "").append(item);
    }
    line(lines, currentLabel, current.toString());
  }

  /** A labelled line; an empty label continues the line above (no colon). */
  private static void line(List<String> lines, String label, String value) {
    StringBuilder b = new StringBuilder(" | ").append(label);
    while (b.length() < 3 + LABEL_WIDTH) {
      b.append(' ');
    }
    lines.add(b.append(label.isEmpty() ? "  " : ": ").append(value).toString());
  }

  private static Optional<Fact> find(Map<String, Fact> byKey, String key) {
    return Optional.ofNullable(byKey.get(key));
  }

  private static String text(Map<String, Fact> byKey, String key) {
    return find(byKey, key).map(EnvironmentText::value).orElse("unknown (not collected)");
  }

  private static String value(Fact f) {
    return f.known() ? f.value() : "unknown (" + f.unknownReason() + ")";
  }

  /** Bytes as GiB with one decimal, or MiB below one GiB. */
  private static String size(String bytes) {
    try {
      long n = Long.parseLong(bytes);
      return n >= GIB ? String.format(Locale.ROOT, "%.1f GiB", n / GIB)
          : String.format(Locale.ROOT, "%.1f MiB", n / (1024.0 * 1024));
    } catch (NumberFormatException e) {
      return bytes + " bytes";
    }
  }
}
