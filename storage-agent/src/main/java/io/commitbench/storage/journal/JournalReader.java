package io.commitbench.storage.journal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads a journal written by {@link Journal}. */
public final class JournalReader {

  private static final ObjectMapper JSON = new ObjectMapper();

  private JournalReader() {}

  /**
   * Reads every line of a journal.
   *
   * @throws IOException when the file cannot be read, or is not a journal (no {@code begin} line
   *     first, a line that is not JSON)
   */
  public static Contents read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<JournalEntry> entries = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      JsonNode node;
      try {
        node = JSON.readTree(line);
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IOException(file + " line " + (i + 1) + " is not a journal line: " + e.getOriginalMessage(), e);
      }
      Map<String, String> detail = new LinkedHashMap<>();
      node.path("detail").fields().forEachRemaining(f -> detail.put(f.getKey(), f.getValue().asText()));
      entries.add(new JournalEntry(Instant.parse(node.path("time").asText()), node.path("event").asText(),
          node.path("text").asText(), detail));
    }
    if (entries.isEmpty() || !entries.get(0).event().equals("begin")) {
      throw new IOException(file + " is not a commitbench journal: it does not start with a 'begin' line");
    }
    return new Contents(file, entries);
  }

  /**
   * A journal's lines.
   *
   * @param file where it was read from
   * @param entries every line, the {@code begin} line first
   */
  public record Contents(Path file, List<JournalEntry> entries) {

    public Contents {
      entries = List.copyOf(entries);
    }

    /** The operation's name from the {@code begin} line. */
    public String operation() {
      return entries.get(0).text();
    }

    /** The operation's parameters from the {@code begin} line. */
    public Map<String, String> parameters() {
      return entries.get(0).detail();
    }

    /** The executed actions, in order. */
    public List<JournalEntry> steps() {
      return entries.stream().filter(e -> e.event().equals("step")).toList();
    }

    /** The outcome, or empty when the operation never ended (it crashed or is still running). */
    public Optional<String> outcome() {
      return entries.stream().filter(e -> e.event().equals("end")).map(JournalEntry::text).reduce((a, b) -> b);
    }

    public boolean completed() {
      return outcome().filter(Journal.COMPLETED::equals).isPresent();
    }
  }
}
