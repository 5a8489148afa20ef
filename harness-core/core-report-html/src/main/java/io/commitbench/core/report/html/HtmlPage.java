package io.commitbench.core.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * A self-contained HTML page, built in order: its style is inline and its pictures are data
 * URIs, so it opens offline from anywhere and names no other file or host. Every text is escaped.
 */
public final class HtmlPage {

  private static final String STYLE = String.join("\n",
      "body{font-family:sans-serif;margin:1.5em auto;max-width:1000px;color:#222}",
      "h1{font-size:1.4em}h2{font-size:1.15em;border-bottom:1px solid #ccc;margin-top:1.6em}",
      "pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.85em}",
      "table{border-collapse:collapse;font-size:.85em;margin:.5em 0}",
      "td,th{border:1px solid #ddd;padding:.2em .5em;text-align:left;vertical-align:top}",
      "td.n{text-align:right;font-variant-numeric:tabular-nums}",
      "table.facts{font-size:.95em}table.facts th{background:#f3f3f3;white-space:nowrap;font-weight:600}",
      "img.chart{width:100%;max-width:900px;display:block;margin:.5em 0}",
      ".note{color:#666;font-size:.9em}.bad{color:#b00}.good{color:#070}");

  /** Stands in the body for the picture of chart N until the page is rendered. */
  private static final String PENDING = "\u0000chart:";

  private final StringBuilder body = new StringBuilder();
  private final List<Supplier<String>> pending = new ArrayList<>();
  private final String title;

  public HtmlPage(String title) {
    this.title = title;
    body.append("<h1>").append(escape(title)).append("</h1>\n");
  }

  public HtmlPage heading(String text) {
    body.append("<h2>").append(escape(text)).append("</h2>\n");
    return this;
  }

  public HtmlPage paragraph(String text) {
    body.append("<p>").append(escape(text)).append("</p>\n");
    return this;
  }

  public HtmlPage note(String text) {
    body.append("<p class=\"note\">").append(escape(text)).append("</p>\n");
    return this;
  }

  public HtmlPage preformatted(String text) {
    body.append("<pre>").append(escape(text)).append("</pre>\n");
    return this;
  }

  /** A list of links, each {@code text} to {@code href} (a relative path: the page stays self-contained). */
  public HtmlPage links(List<java.util.Map.Entry<String, String>> textAndHref) {
    body.append("<ul>\n");
    textAndHref.forEach(l -> body.append("<li><a href=\"").append(escape(l.getValue())).append("\">")
        .append(escape(l.getKey())).append("</a></li>\n"));
    body.append("</ul>\n");
    return this;
  }

  /** A chart, with its name in {@code data-chart} so tests (and readers of the source) find it. */
  public HtmlPage chart(String name, String alt, String dataUri) {
    body.append("<img class=\"chart\" data-chart=\"").append(escape(name)).append("\" alt=\"").append(escape(alt))
        .append("\" src=\"").append(dataUri).append("\">\n");
    return this;
  }

  /**
   * A chart whose picture is drawn when the page is rendered, beside the page's other pending
   * charts: drawing and encoding a chart takes a core for a tenth of a second or more, and the
   * charts of a page do not depend on each other.
   */
  public HtmlPage chart(String name, String alt, Supplier<String> dataUri) {
    pending.add(dataUri);
    return chart(name, alt, PENDING + (pending.size() - 1) + "\u0000");
  }

  /**
   * A table; a cell that looks like a number is right-aligned. Cells starting with {@code \u0001}
   * get the class that marks a bad (red) outcome, {@code \u0002} a good (green) one.
   */
  public HtmlPage table(List<String> header, List<List<String>> rows) {
    body.append("<table>\n<tr>");
    header.forEach(h -> body.append("<th>").append(escape(h)).append("</th>"));
    body.append("</tr>\n");
    for (List<String> row : rows) {
      body.append("<tr>");
      for (String cell : row) {
        String css = cell.startsWith("\u0001") ? " class=\"bad\"" : cell.startsWith("\u0002") ? " class=\"good\""
            : cell.matches("[-+]?[0-9][0-9.,]*( ?[a-z%/×]*)?") ? " class=\"n\"" : "";
        body.append("<td").append(css).append('>').append(escape(cell.replaceFirst("^[\u0001\u0002]", "")))
            .append("</td>");
      }
      body.append("</tr>\n");
    }
    body.append("</table>\n");
    return this;
  }

  /**
   * A table of facts, one a row: its label as a row header, then its value; a value marked as in
   * {@link #table} is shown as a bad or a good outcome.
   */
  public HtmlPage facts(List<String[]> rows) {
    body.append("<table class=\"facts\">\n");
    for (String[] row : rows) {
      String value = row[1];
      String css = value.startsWith("\u0001") ? " class=\"bad\"" : value.startsWith("\u0002") ? " class=\"good\"" : "";
      body.append("<tr><th>").append(escape(row[0])).append("</th><td").append(css).append('>')
          .append(escape(value.replaceFirst("^[\u0001\u0002]", ""))).append("</td></tr>\n");
    }
    body.append("</table>\n");
    return this;
  }

  public String render() {
    List<String> drawn = IntStream.range(0, pending.size()).parallel().mapToObj(i -> pending.get(i).get()).toList();
    String text = body.toString();
    for (int i = 0; i < drawn.size(); i++) {
      text = text.replace(PENDING + i + "\u0000", drawn.get(i));
    }
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape(title)
        + "</title>\n<style>\n" + STYLE + "\n</style>\n</head>\n<body>\n" + text + "</body>\n</html>\n";
  }

  public static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }
}
