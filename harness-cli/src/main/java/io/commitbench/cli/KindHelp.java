package io.commitbench.cli;

import io.commitbench.storage.instance.EngineHelp;
import io.commitbench.storage.instance.InstanceEngine;
import io.commitbench.storage.instance.InstanceEngines;
import io.commitbench.storage.relocate.LogRelocations;
import io.commitbench.storage.relocate.OnlineRelocation;
import io.commitbench.storage.undo.LogRelocationUndo;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The parts of the storage commands' help that each database kind tells of itself, through the
 * storage agent's SPIs ({@link InstanceEngine#help}, the log relocation providers), so the
 * commands name no kind. A command's description holds a marker line where a part goes; its
 * {@link IModelTransformer} puts the part's paragraphs there, wrapped like the lines around it.
 */
final class KindHelp {

  /** Where {@code storage relocate-log} says how each kind's managed instance is moved. */
  static final String MANAGED_RELOCATIONS = "<managed relocations>";
  /** Where {@code storage relocate-log} says how each kind moved online is moved. */
  static final String ONLINE_RELOCATIONS = "<online relocations>";
  /** Where {@code storage relocate-log} says which servers get the operator's commands. */
  static final String OPERATOR_RELOCATIONS = "<operator relocations>";
  /** Where {@code storage instance} names the products it runs. */
  static final String INSTANCE_PRODUCTS = "<instance products>";
  /** Where {@code storage instance create} names the programs that make a data directory. */
  static final String INSTANCE_INIT = "<instance init>";
  /** Where {@code storage instance stop} says how each kind is shut down. */
  static final String INSTANCE_STOP = "<instance stop>";
  /** Where {@code storage instance write-log-through} says what a new instance's log is like. */
  static final String INSTANCE_NEW_LOG = "<instance new log>";

  /** Where {@code storage undo} says how each kind's own journals are reversed. */
  static final String UNDO_REVERSALS = "<undo reversals>";

  /** The width of the hand-wrapped lines around the parts. */
  private static final int WIDTH = 80;

  private KindHelp() {}

  /** {@code storage relocate-log}: each way of moving, as the kinds on the class path offer it. */
  static final class RelocateLog implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      LogRelocations relocations = LogRelocations.load();
      return replace(spec, marker -> switch (marker) {
        case MANAGED_RELOCATIONS -> List.of("A managed instance (--instance DIR): "
            + String.join(" ", relocations.managedHelps()));
        case ONLINE_RELOCATIONS -> relocations.onlines().stream().map(OnlineRelocation::help).toList();
        case OPERATOR_RELOCATIONS -> List.of("Any other server (--url " + String.join(", ",
            relocations.operatorUrlPrefixes()) + "): the commands for its operator are printed (NOT EXECUTED); the"
            + " agent never connects to it or acts.");
        default -> null;
      });
    }
  }

  /** {@code storage undo}: the reversals the kinds bring for their own operations. */
  static final class Undo implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      return replace(spec, marker -> marker.equals(UNDO_REVERSALS) ? LogRelocationUndo.helps() : null);
    }
  }

  /** {@code storage instance} and its subcommands: what each kind's engine tells. */
  static final class Instance implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      List<EngineHelp> engines = InstanceEngines.kinds().stream()
          .map(kind -> InstanceEngines.forKind(kind).orElseThrow().help()).toList();
      return replace(spec, marker -> switch (marker) {
        case INSTANCE_PRODUCTS -> List.of("Makes, starts, stops and destroys private "
            + and(engines.stream().map(EngineHelp::product).toList()) + " servers.");
        case INSTANCE_INIT -> List.of(String.join(" / ", engines.stream().map(EngineHelp::initProgram).toList())
            + " with the log in --log-dir, then starts it (inside --cgroup when given) and creates the 'test'"
            + " database.");
        case INSTANCE_STOP -> List.of(String.join("; ", engines.stream().map(e -> e.product() + ": " + e.stop())
            .toList()) + ". Journaled in INSTANCE.lifecycle, next to the instance directory.");
        case INSTANCE_NEW_LOG -> engines.stream().flatMap(e -> e.newLog().stream()).toList();
        default -> null;
      });
    }
  }

  /** The kinds of {@code storage instance create --kind}, for its description and completion. */
  static final class InstanceKinds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return InstanceEngines.kinds().iterator();
    }
  }

  /**
   * The description with each marker line replaced by its part's paragraphs, wrapped; the lines
   * after a marker, up to the next blank one, continue its last paragraph. A part without
   * paragraphs leaves nothing.
   */
  static CommandSpec replace(CommandSpec spec, Function<String, List<String>> parts) {
    String[] description = spec.usageMessage().description();
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < description.length; i++) {
      List<String> paragraphs = parts.apply(description[i]);
      if (paragraphs == null) {
        lines.add(description[i]);
        continue;
      }
      if (paragraphs.isEmpty()) {
        continue;
      }
      List<String> texts = new ArrayList<>(paragraphs);
      StringBuilder last = new StringBuilder(texts.remove(texts.size() - 1));
      while (i + 1 < description.length && !description[i + 1].isBlank()) {
        last.append(' ').append(description[++i].trim());
      }
      texts.add(last.toString());
      for (int t = 0; t < texts.size(); t++) {
        if (t > 0) {
          lines.add("");
        }
        lines.addAll(wrap(texts.get(t)));
      }
    }
    spec.usageMessage().description(lines.toArray(String[]::new));
    return spec;
  }

  /** {@code a}, {@code a and b}, {@code a, b and c}. */
  private static String and(List<String> names) {
    return names.size() <= 1 ? String.join("", names)
        : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
  }

  /** Words to lines of at most {@link #WIDTH} characters (a longer word alone); none for blank text. */
  static List<String> wrap(String text) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.trim().split("\\s+")) {
      if (word.isEmpty()) {
        continue;
      }
      if (line.length() > 0 && line.length() + 1 + word.length() > WIDTH) {
        lines.add(line.toString());
        line.setLength(0);
      }
      line.append(line.length() > 0 ? " " : "").append(word);
    }
    if (line.length() > 0) {
      lines.add(line.toString());
    }
    return lines;
  }
}
