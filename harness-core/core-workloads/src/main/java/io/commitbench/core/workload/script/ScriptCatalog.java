package io.commitbench.core.workload.script;

import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.script.expr.Value;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A run's scripts and files, read and checked before anything is contacted: every script of
 * {@code script.files} (a built-in's text or a file's, relative to the parameter file's folder),
 * parsed with the variables a run defines; the {@code script.vars}; the {@code script.prepare}
 * file. Each problem is a {@link Violation} of its key whose message starts where it is, {@code
 * checkout.sql:12:5: ...}, so {@code run} and {@code validate} refuse the file with all of them.
 */
final class ScriptCatalog {

  /** The variables every actor has before its first transaction, as every pgbench client has them. */
  static final List<String> PREDEFINED = List.of("scale", "client_id", "random_seed", "default_seed");

  /**
   * What was read.
   *
   * @param scripts the scripts, in the order written, each named as {@link ScriptSource#name}
   * @param texts each script's text by its result file's name, {@code script-<name>.sql}
   * @param vars {@code script.vars}, each value typed
   * @param prepare the split {@code script.prepare} file, when there is one
   */
  record Loaded(List<ParsedScript> scripts, Map<String, String> texts, Map<String, Value> vars,
      Optional<PrepareFile> prepare) {}

  private ScriptCatalog() {}

  static Loaded load(ScriptSettings settings, Consumer<Violation> problems) {
    Map<String, Value> vars = vars(settings.vars(), problems);
    Set<String> predefined = new LinkedHashSet<>(PREDEFINED);
    predefined.addAll(vars.keySet());
    List<ParsedScript> scripts = new ArrayList<>();
    Map<String, String> texts = new LinkedHashMap<>();
    List<ScriptSource> sources;
    try {
      sources = ScriptSources.parse(settings.files());
    } catch (IllegalArgumentException e) {
      problems.accept(new Violation(ScriptKeys.FILES, settings.files(), e.getMessage()));
      return new Loaded(List.of(), Map.of(), vars, prepare(settings, problems));
    }
    for (ScriptSource source : sources) {
      Optional<String> text = text(source, settings, problems);
      if (text.isEmpty()) {
        continue;
      }
      String name = source.name();
      try {
        ParsedScript parsed = ScriptParser.parse(name, source.source(), text.get(), source.weight(), predefined);
        scripts.add(parsed);
        texts.put("script-" + name + ".sql", text.get());
        if (!settings.dataset() && source.builtin()) {
          problems.accept(new Violation(ScriptKeys.FILES, settings.files(), "built-in " + source.source()
              + " runs on pgbench's tables, but script.dataset=none; allowed: script.dataset=pgbench, or scripts"
              + " of your own"));
        }
      } catch (ScriptSyntaxException e) {
        problems.accept(new Violation(ScriptKeys.FILES, settings.files(), e.getMessage()));
      }
    }
    return new Loaded(scripts, texts, vars, prepare(settings, problems));
  }

  /** A built-in's text, or the file's; empty (and a problem reported) when it cannot be read. */
  private static Optional<String> text(ScriptSource source, ScriptSettings settings, Consumer<Violation> problems) {
    if (source.builtin()) {
      Optional<String> text = BuiltinScripts.text(source.source(), settings.tables());
      if (text.isEmpty()) {
        problems.accept(new Violation(ScriptKeys.FILES, settings.files(), "no built-in script " + source.source()
            + "; allowed: " + String.join(", ", BuiltinScripts.names()) + ", or a file"));
      }
      return text;
    }
    return read(source.source(), settings.folder(), ScriptKeys.FILES, settings.files(), "a script file", problems);
  }

  private static Optional<String> read(String name, Path folder, String key, String value, String what,
      Consumer<Violation> problems) {
    Path path;
    try {
      path = folder.resolve(name);
    } catch (InvalidPathException e) {
      problems.accept(new Violation(key, value, name + ": not a file name (" + e.getReason() + ")"));
      return Optional.empty();
    }
    try {
      byte[] bytes = Files.readAllBytes(path);
      return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes)).toString());
    } catch (NoSuchFileException e) {
      problems.accept(new Violation(key, value, name + ": no such file (" + path + "); allowed: " + what
          + ", relative to the parameter file's folder or absolute"
          + (key.equals(ScriptKeys.FILES) ? ", or a built-in: " + String.join(", ", BuiltinScripts.names()) : "")));
    } catch (CharacterCodingException e) {
      problems.accept(new Violation(key, value, name + ": not UTF-8 text (" + path + ")"));
    } catch (IOException e) {
      problems.accept(new Violation(key, value, name + ": cannot be read (" + path + ": " + e.getMessage() + ")"));
    }
    return Optional.empty();
  }

  private static Optional<PrepareFile> prepare(ScriptSettings settings, Consumer<Violation> problems) {
    if (settings.prepare().isEmpty()) {
      if (!settings.prepareTables().isEmpty()) {
        problems.accept(new Violation(ScriptKeys.PREPARE_TABLES, String.join(",", settings.prepareTables()),
            "names tables, but no script.prepare file creates them; allowed: with script.prepare only"));
      }
      return Optional.empty();
    }
    String given = settings.prepare().get();
    Optional<String> text = read(given, settings.folder(), ScriptKeys.PREPARE, given, "a SQL file", problems);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    Set<String> tables = new LinkedHashSet<>();
    List<String> pgbench = settings.dataset() ? List.of(settings.tables().branches(), settings.tables().tellers(),
        settings.tables().accounts(), settings.tables().history()) : List.of();
    for (String table : settings.prepareTables()) {
      if (!table.matches("[a-z][a-z0-9_]{0,29}")) {
        problems.accept(new Violation(ScriptKeys.PREPARE_TABLES, String.join(",", settings.prepareTables()), table
            + ": not a table name; allowed: lower-case identifiers of 1 to 30 characters (a-z, 0-9, _)"));
      } else if (pgbench.contains(table)) {
        problems.accept(new Violation(ScriptKeys.PREPARE_TABLES, String.join(",", settings.prepareTables()), table
            + " is one of pgbench's tables; allowed: tables of your own"));
      } else if (!tables.add(table)) {
        problems.accept(new Violation(ScriptKeys.PREPARE_TABLES, String.join(",", settings.prepareTables()), table
            + " is listed twice"));
      }
    }
    return Optional.of(PrepareFile.split(text.get(), tables,
        problem -> problems.accept(new Violation(ScriptKeys.PREPARE, given, problem))));
  }

  /**
   * {@code script.vars}, each value typed as it reads: a whole number is an INT, a number with a
   * fraction or exponent a DOUBLE, anything else TEXT. pgbench keeps {@code -D} values as text and
   * reads them as numbers when an expression uses them; a number bound to SQL as a number here
   * lets {@code WHERE aid = :aid} compare with an integer column on every database.
   */
  private static Map<String, Value> vars(String text, Consumer<Violation> problems) {
    if (text == null) {
      return Map.of();
    }
    Map<String, String> raw;
    try {
      raw = ScriptVars.parse(text);
    } catch (IllegalArgumentException e) {
      problems.accept(new Violation(ScriptKeys.VARS, text, e.getMessage()));
      return Map.of();
    }
    Map<String, Value> typed = new LinkedHashMap<>();
    raw.forEach((name, value) -> typed.put(name, typed(value)));
    return typed;
  }

  static Value typed(String value) {
    String v = value.strip();
    if (v.matches("[+-]?[0-9]{1,18}")) {
      return Value.ofInt(Long.parseLong(v));
    }
    if (v.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?")) {
      double d = Double.parseDouble(v);
      if (Double.isFinite(d)) {
        return Value.ofDouble(d);
      }
    }
    return Value.ofText(value);
  }
}
