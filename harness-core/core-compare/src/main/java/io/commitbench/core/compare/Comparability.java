package io.commitbench.core.compare;

import io.commitbench.core.key.Key;
import io.commitbench.core.companion.RunCompanions;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadRegistry;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Whether runs measured the same thing: the same workload with the same parameters — its own
 * keys and the engine's that shape the load ({@link ParameterKeys#LOAD_KEYS}). Where the runs
 * differ otherwise (database, device, durability setting) is what a comparison is for. A workload
 * this build does not know is compared on every key except where and as whom the run connected
 * and where its results went, so an unknown workload is never waved through.
 *
 * <p>A sweep is comparable: subjects that differ only in {@code rate}, or in the key a sweep
 * varied ({@value #SWEEP_KEY} in their configuration), each subject at one value of it. Runs of
 * one subject that differ in it, or a subject without a value (no rate: a closed loop against
 * an open one), are not.
 */
public final class Comparability {

  /**
   * Keys that differ between comparable runs by design: what is compared, and where results went;
   * with them every run companion's keys (a formatter arm beside the workload is compared, not the
   * workload).
   */
  private static final Set<String> NOT_LOAD = notLoad();

  /** The key naming what a sweep varied, in the configuration of each of its runs. */
  public static final String SWEEP_KEY = "sweep.key";

  /**
   * @param refused the differences that make the runs not comparable, one line per key ({@code
   *     users: a=4, b=8}); empty when they are comparable
   * @param swept the keys in which the subjects differ as a sweep's points do ({@code rate})
   */
  public record Verdict(List<String> refused, List<String> swept) {}

  private Comparability() {}

  private static Set<String> notLoad() {
    Set<String> keys = new java.util.HashSet<>(Set.of(ParameterKeys.DB_TYPE, ParameterKeys.DB_URL,
        ParameterKeys.DB_USER, ParameterKeys.DB_INSTANCE, ParameterKeys.DB_PASSWORD_ENV,
        ParameterKeys.DB_PASSWORD_FILE, ParameterKeys.RESULTS_DIR, ParameterKeys.RUN_ID, ParameterKeys.RUN_LABEL,
        ParameterKeys.TABLE_PREFIX,
        ParameterKeys.USER_PREFIX, ParameterKeys.RUNS, ParameterKeys.RUNS_SETUP, ParameterKeys.CLEANUP,
        ParameterKeys.USERS_MODE, ParameterKeys.QUOTA, ParameterKeys.REPORT_INTERVAL,
        ParameterKeys.STATEMENT_TIMEOUT, ParameterKeys.CONNECT_TIMEOUT, ParameterKeys.RECONNECT_TIMEOUT,
        ParameterKeys.ERRORS_MAX));
    RunCompanions.load().keys().forEach(k -> keys.add(k.name()));
    return Set.copyOf(keys);
  }

  /**
   * The differences that make the runs not comparable, one line per key ({@code users: a=4, b=8});
   * empty when they are comparable. Every run of every subject is checked against the first run.
   */
  public static List<String> differences(List<Subject> subjects) {
    return check(subjects).refused();
  }

  /** What differs between the subjects' runs, refused or swept. Every run of every subject is checked against the first run. */
  public static Verdict check(List<Subject> subjects) {
    RunSummary first = subjects.get(0).summaries().get(0);
    Set<String> keys = loadKeys(first);
    Set<String> sweepable = sweepable(subjects);
    List<String> names = SubjectLabels.folderNames(subjects);
    List<String> lines = new ArrayList<>();
    List<String> swept = new ArrayList<>();
    for (String key : keys) {
      String expected = first.config().get(key);
      List<String> differing = new ArrayList<>();
      for (int n = 0; n < subjects.size(); n++) {
        Subject s = subjects.get(n);
        for (int i = 0; i < s.summaries().size(); i++) {
          String value = s.summaries().get(i).config().get(key);
          if (!Objects.equals(expected, value)) {
            differing.add(label(s, names.get(n), i) + "=" + (value == null ? "(absent)" : value));
          }
        }
      }
      if (!differing.isEmpty() && sweepable.contains(key) && sweptAlong(subjects, key)) {
        swept.add(key);
      } else if (!differing.isEmpty()) {
        lines.add(key + ": " + label(subjects.get(0), names.get(0), 0) + "=" + (expected == null ? "(absent)" : expected) + ", "
            + String.join(", ", differing));
      }
    }
    return new Verdict(List.copyOf(lines), List.copyOf(swept));
  }

  /** {@code rate}, and the keys the subjects' runs name as what their sweep varied. */
  private static Set<String> sweepable(List<Subject> subjects) {
    Set<String> keys = new LinkedHashSet<>(List.of(ParameterKeys.RATE));
    subjects.forEach(s -> s.summaries().forEach(r -> {
      String key = r.config().getOrDefault(SWEEP_KEY, "").trim();
      if (!key.isEmpty()) {
        keys.add(key);
      }
    }));
    return keys;
  }

  /** Whether every subject has one value of {@code key}, the same in all its runs, and none is without. */
  private static boolean sweptAlong(List<Subject> subjects, String key) {
    for (Subject s : subjects) {
      Set<String> values = new LinkedHashSet<>();
      s.summaries().forEach(r -> values.add(r.config().getOrDefault(key, "")));
      if (values.size() != 1 || values.iterator().next().isEmpty()) {
        return false;
      }
    }
    return true;
  }

  private static String label(Subject s, String name, int run) {
    return s.group() ? name + "/" + s.runFolders().get(run).getFileName() : name;
  }

  private static Set<String> loadKeys(RunSummary first) {
    Set<String> keys = new LinkedHashSet<>(ParameterKeys.LOAD_KEYS);
    Optional<Workload> workload = WorkloadRegistry.load().byName(first.workload() == null ? "" : first.workload());
    if (workload.isPresent()) {
      workload.get().keys().stream().map(Key::name).forEach(keys::add);
    } else {
      first.config().keySet().stream().filter(k -> !NOT_LOAD.contains(k)).forEach(keys::add);
    }
    return keys;
  }
}
