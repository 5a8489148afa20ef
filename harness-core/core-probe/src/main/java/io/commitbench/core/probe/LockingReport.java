package io.commitbench.core.probe;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The locking probe's table in its three formats: text (aligned columns), Markdown (a pipe
 * table) and JSON (schema {@value #JSON_SCHEMA}). Each has one row per database × isolation level
 * × scenario, then what each database's lock wait bound and deadlock settings were, then the
 * server's message for every code seen, and a sentence per row on what each session did.
 */
public enum LockingReport {
  TEXT, MARKDOWN, JSON;

  public static final String JSON_SCHEMA = "commitbench.probe.locking/1";

  private static final List<String> HEADER = List.of("database", "isolation", "scenario", "outcome", "session",
      "class", "code", "waited ms", "after ms");
  /** Columns 7 and 8 hold numbers: right-aligned. */
  private static final int FIRST_NUMBER = 7;

  /** The names {@code --format} takes. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Every format's name, for messages. */
  public static String allowed() {
    return String.join(", ", java.util.Arrays.stream(values()).map(LockingReport::label).toList());
  }

  public String render(LockingProbe.Settings settings, List<LockingProbe.DatabaseProbe> databases) {
    return switch (this) {
      case TEXT -> text(settings, databases);
      case MARKDOWN -> markdown(settings, databases);
      case JSON -> json(settings, databases);
    };
  }

  /** The table's cells of one row. */
  static List<String> cells(ProbeRow r) {
    return List.of(r.database(), r.isolation().sqlName(), r.scenario().optionName(), r.outcome().label(), r.session(),
        r.errorClass() == null ? "-" : r.errorClass().label(), r.code().isEmpty() ? "-" : r.code(),
        Long.toString(r.waitedMillis()), r.outcome() == LockOutcome.UNRESOLVED ? "-" : Long.toString(r.afterMillis()));
  }

  private static String title(LockingProbe.Settings s) {
    return "Locking probe: two sessions on one table; each session's lock waits bounded at " + s.lockTimeoutSeconds()
        + " s; in same-row S1 holds its lock " + s.holdMillis() + " ms after S2 is seen waiting."
        + (s.sessionSql().isEmpty() ? "" : " Each session ran: " + String.join("; ", s.sessionSql()) + ".");
  }

  private static List<String> databaseLines(List<LockingProbe.DatabaseProbe> databases) {
    List<String> lines = new ArrayList<>();
    for (LockingProbe.DatabaseProbe d : databases) {
      lines.add(d.database() + ": table " + d.table() + " (created and dropped); lock wait bound: "
          + (d.lockBound().isEmpty() ? "none per session, the JDBC query timeout" : String.join("; ", d.lockBound()))
          + (d.serverSettings().isEmpty() ? "" : "; server defaults: " + String.join(", ", d.serverSettings())));
    }
    return lines;
  }

  /** Each code seen once, with the class and the server's message: what a reader looks up. */
  private static List<String> codeLines(List<LockingProbe.DatabaseProbe> databases) {
    Map<String, String> codes = new LinkedHashMap<>();
    for (LockingProbe.DatabaseProbe d : databases) {
      for (ProbeRow r : d.rows()) {
        if (!r.code().isEmpty()) {
          codes.putIfAbsent(r.database().split(" ")[0] + " " + r.code(), "(" + r.errorClass().label() + "): "
              + r.message());
        }
      }
    }
    List<String> lines = new ArrayList<>();
    codes.forEach((code, meaning) -> lines.add(code + " " + meaning));
    return lines;
  }

  private static List<String> detailLines(List<LockingProbe.DatabaseProbe> databases) {
    List<String> lines = new ArrayList<>();
    for (LockingProbe.DatabaseProbe d : databases) {
      for (ProbeRow r : d.rows()) {
        lines.add(r.database() + ", " + r.isolation().sqlName() + ", " + r.scenario().optionName() + ": " + r.detail()
            + " (blocked statement " + r.waitSeen().label() + ")");
      }
    }
    return lines;
  }

  private static List<List<String>> rows(List<LockingProbe.DatabaseProbe> databases) {
    return databases.stream().flatMap(d -> d.rows().stream()).map(LockingReport::cells).toList();
  }

  private static String text(LockingProbe.Settings s, List<LockingProbe.DatabaseProbe> databases) {
    StringBuilder b = new StringBuilder(title(s)).append("\n\n");
    List<List<String>> all = new ArrayList<>();
    all.add(HEADER);
    all.addAll(rows(databases));
    int[] width = new int[HEADER.size()];
    all.forEach(r -> {
      for (int i = 0; i < r.size(); i++) {
        width[i] = Math.max(width[i], r.get(i).length());
      }
    });
    for (List<String> r : all) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.size(); i++) {
        String format = "%" + (i < FIRST_NUMBER ? "-" : "") + width[i] + "s";
        line.append(i == 0 ? "" : "  ").append(String.format(format, r.get(i)));
      }
      b.append(line.toString().stripTrailing()).append('\n');
    }
    section(b, "", databaseLines(databases), "");
    section(b, "Codes seen:", codeLines(databases), "  ");
    section(b, "What happened:", detailLines(databases), "  ");
    return b.toString();
  }

  private static String markdown(LockingProbe.Settings s, List<LockingProbe.DatabaseProbe> databases) {
    StringBuilder b = new StringBuilder(title(s)).append("\n\n| ").append(String.join(" | ", HEADER)).append(" |\n|");
    for (int i = 0; i < HEADER.size(); i++) {
      b.append(i < FIRST_NUMBER ? "---|" : "---:|");
    }
    b.append('\n');
    rows(databases).forEach(r -> b.append("| ").append(String.join(" | ", r.stream()
        .map(cell -> cell.replace("|", "\\|")).toList())).append(" |\n"));
    section(b, "", databaseLines(databases), "- ");
    section(b, "Codes seen:", codeLines(databases), "- ");
    section(b, "What happened:", detailLines(databases), "- ");
    return b.toString();
  }

  private static void section(StringBuilder b, String heading, List<String> lines, String bullet) {
    if (lines.isEmpty()) {
      return;
    }
    b.append('\n');
    if (!heading.isEmpty()) {
      b.append(heading).append('\n');
    }
    lines.forEach(line -> b.append(bullet).append(line).append('\n'));
  }

  private static String json(LockingProbe.Settings s, List<LockingProbe.DatabaseProbe> databases) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("schema", JSON_SCHEMA);
    root.put("lockTimeoutSeconds", s.lockTimeoutSeconds());
    root.put("holdMillis", s.holdMillis());
    s.sessionSql().forEach(root.putArray("sessionSql")::add);
    ArrayNode dbs = root.putArray("databases");
    for (LockingProbe.DatabaseProbe d : databases) {
      ObjectNode node = dbs.addObject();
      node.put("database", d.database());
      node.put("table", d.table());
      d.lockBound().forEach(node.putArray("lockBound")::add);
      d.serverSettings().forEach(node.putArray("serverSettings")::add);
    }
    ArrayNode rows = root.putArray("rows");
    for (LockingProbe.DatabaseProbe d : databases) {
      for (ProbeRow r : d.rows()) {
        ObjectNode node = rows.addObject();
        node.put("database", r.database());
        node.put("isolation", r.isolation().sqlName());
        node.put("scenario", r.scenario().optionName());
        node.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT));
        node.put("session", r.session());
        if (r.errorClass() == null) {
          node.putNull("errorClass");
        } else {
          node.put("errorClass", r.errorClass().label());
        }
        node.put("code", r.code());
        node.put("waitedMillis", r.waitedMillis());
        node.put("afterMillis", r.afterMillis());
        node.put("waitSeen", r.waitSeen().name().toLowerCase(Locale.ROOT));
        node.put("detail", r.detail());
        node.put("message", r.message());
      }
    }
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the locking probe as JSON", e);
    }
  }
}
