package io.commitbench.core.compare;

import io.commitbench.core.environment.EnvironmentCollector;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.report.html.EnvironmentFacts;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.results.RunFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What each subject of a comparison is called, in every output, always unique: its {@code
 * run.label}; without one, what differs between the subjects' configurations ({@code rate=200},
 * {@code db.type=mariadb}) and where their logs lay when that differs ({@code log on hdd}; it
 * stands for a differing server address or instance), else the folder's name. Labels that still
 * coincide get the folder's name added, then its parent's, then a number.
 */
final class SubjectLabels {

  /** Configuration keys that name or place a run rather than describe what it measured. */
  private static final Set<String> NOT_DESCRIPTIVE = Set.of(ParameterKeys.RUN_ID, ParameterKeys.RUN_LABEL,
      ParameterKeys.RESULTS_DIR, ParameterKeys.TABLE_PREFIX, ParameterKeys.USER_PREFIX, ParameterKeys.DB_PASSWORD,
      ParameterKeys.DB_PASSWORD_ENV, ParameterKeys.DB_PASSWORD_FILE, ParameterKeys.RUNS);

  /** Keys that say where a run's database was, not what it was: a differing log device says more. */
  private static final Set<String> WHERE = Set.of(ParameterKeys.DB_URL, ParameterKeys.DB_INSTANCE,
      ParameterKeys.DB_USER);

  /** At most this many differing keys make a label; more would not be read. */
  private static final int MAX_KEYS = 3;

  private SubjectLabels() {}

  static List<String> of(List<Subject> subjects) {
    List<Map<String, String>> configs = subjects.stream().map(s -> s.counted().get(0).config()).toList();
    List<String> differ = differingKeys(configs);
    List<String> what = label(configs, differ.stream().filter(k -> !WHERE.contains(k)).toList());
    List<String> where = label(configs, differ.stream().filter(WHERE::contains).toList());
    List<String> logs = logDevices(subjects);
    boolean logsDiffer = logs.stream().distinct().count() > 1;
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < subjects.size(); i++) {
      String own = configs.get(i).getOrDefault(ParameterKeys.RUN_LABEL, "").trim();
      List<String> parts = new ArrayList<>();
      if (!what.get(i).isEmpty()) {
        parts.add(what.get(i));
      }
      if (logsDiffer) {
        parts.add(logs.get(i)); // where the log lay says more than the address of its server
      } else if (parts.isEmpty() && !where.get(i).isEmpty()) {
        parts.add(where.get(i));
      }
      labels.add(!own.isEmpty() ? own : !parts.isEmpty() ? String.join(", ", parts) : subjects.get(i).name());
    }
    return unique(labels, subjects);
  }

  /** The subjects' folder names, made unique as labels are: for messages about the folders themselves. */
  static List<String> folderNames(List<Subject> subjects) {
    return unique(subjects.stream().map(Subject::name).toList(), subjects);
  }

  /** The keys whose values differ between the subjects, the load's keys first, at most {@link #MAX_KEYS}. */
  private static List<String> differingKeys(List<Map<String, String>> configs) {
    Set<String> keys = new TreeSet<>(order());
    configs.forEach(c -> keys.addAll(c.keySet()));
    List<String> differ = keys.stream().filter(k -> !NOT_DESCRIPTIVE.contains(k))
        .filter(k -> configs.stream().map(c -> c.getOrDefault(k, "")).distinct().count() > 1).toList();
    if (differ.contains(ParameterKeys.DB_URL)
        && (differ.contains(ParameterKeys.DB_TYPE) || differ.contains(ParameterKeys.DB_INSTANCE))) {
      differ = differ.stream().filter(k -> !k.equals(ParameterKeys.DB_URL)).toList(); // the shorter name says it
    }
    return differ.subList(0, Math.min(MAX_KEYS, differ.size()));
  }

  /** Per subject {@code key=value, ...} of {@code keys}; empty when there are none. */
  private static List<String> label(List<Map<String, String>> configs, List<String> keys) {
    return configs.stream().map(c -> String.join(", ", keys.stream()
        .map(k -> k + "=" + (c.getOrDefault(k, "").isEmpty() ? "(none)" : c.get(k))).toList())).toList();
  }

  /** The engine's load keys in their order, then the database's, then the rest by name. */
  private static Comparator<String> order() {
    List<String> first = new ArrayList<>(ParameterKeys.LOAD_KEYS);
    first.addAll(List.of(ParameterKeys.DB_TYPE, ParameterKeys.DB_INSTANCE, ParameterKeys.DB_URL));
    return Comparator.<String>comparingInt(k -> first.contains(k) ? first.indexOf(k) : first.size())
        .thenComparing(Comparator.naturalOrder());
  }

  /**
   * Per subject, where its first run's log lay ({@code log on hdd}): the lab device's name, else
   * rotational or not, else the device; {@code log on ?} when the run did not record it.
   */
  private static List<String> logDevices(List<Subject> subjects) {
    List<String> logs = new ArrayList<>();
    for (Subject s : subjects) {
      Map<String, String> device = new HashMap<>();
      try {
        EnvironmentFacts.read(new RunFolder(s.runFolders().get(0)).environment()).stream()
            .filter(f -> f.group().equals(EnvironmentCollector.LOG_DEVICE) && !f.value().startsWith("unknown:"))
            .forEach(f -> device.putIfAbsent(f.name().substring(f.name().lastIndexOf('.') + 1), f.value()));
      } catch (ResultFormatException e) {
        // no environment recorded: the run is told apart by its folder
      }
      logs.add("log on " + logDevice(device));
    }
    return logs;
  }

  private static String logDevice(Map<String, String> facts) {
    String lab = facts.getOrDefault("lab_device", "");
    if (!lab.isBlank()) {
      return lab.trim().split("\\s+")[0];
    }
    String rotational = facts.getOrDefault("rotational", "");
    String device = facts.getOrDefault("device", "?");
    return rotational.equals("1") ? "rotational " + device : rotational.equals("0") ? "non-rotational " + device
        : device;
  }

  private static List<String> unique(List<String> labels, List<Subject> subjects) {
    List<String> result = new ArrayList<>(labels);
    List<Function<Subject, String>> places = List.of(Subject::name, s -> parentAndName(s.directory()));
    for (Function<Subject, String> place : places) {
      Map<String, Long> counts = counts(result);
      for (int i = 0; i < result.size(); i++) {
        if (counts.get(result.get(i)) > 1) {
          String where = place.apply(subjects.get(i));
          result.set(i, labels.get(i).equals(subjects.get(i).name()) ? where : labels.get(i) + " (" + where + ")");
        }
      }
    }
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < result.size(); i++) {
      int n = seen.merge(result.get(i), 1, Integer::sum);
      if (n > 1) {
        result.set(i, result.get(i) + " #" + n);
      }
    }
    return result;
  }

  private static Map<String, Long> counts(List<String> labels) {
    Map<String, Long> counts = new LinkedHashMap<>();
    labels.forEach(l -> counts.merge(l, 1L, Long::sum));
    return counts;
  }

  private static String parentAndName(Path directory) {
    Path absolute = directory.toAbsolutePath().normalize();
    Path parent = absolute.getParent();
    return parent == null || parent.getFileName() == null ? absolute.toString()
        : parent.getFileName() + "/" + absolute.getFileName();
  }
}
