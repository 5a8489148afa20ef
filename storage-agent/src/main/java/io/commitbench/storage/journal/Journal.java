package io.commitbench.storage.journal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.TreeMap;

/**
 * The record of what an operation of the agent did, one JSON object per line, each line forced to
 * disk before the next action starts: after a crash the journal shows every action that finished.
 * {@code storage undo JOURNAL} reads it back ({@link JournalReader}) to reverse the operation.
 *
 * <pre>
 * {"time":"…","event":"begin","text":"relocate-log","detail":{"instance":"/lab/pg1","from":"…","to":"…"}}
 * {"time":"…","event":"step","text":"stopped the server","detail":{}}
 * {"time":"…","event":"end","text":"completed","detail":{}}
 * </pre>
 *
 * <p>Not thread-safe: one operation writes its journal from one thread.
 */
public final class Journal implements Closeable {

  /** The outcome written by {@link #completed()}. */
  public static final String COMPLETED = "completed";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")
      .withZone(ZoneOffset.UTC);

  private final Path file;
  private final FileChannel channel;
  private final Clock clock;
  private boolean ended;

  private Journal(Path file, FileChannel channel, Clock clock) {
    this.file = file;
    this.channel = channel;
    this.clock = clock;
  }

  /**
   * Starts a new journal; refuses to overwrite one that exists.
   *
   * @param operation the operation's name, e.g. {@code relocate-log}; undo dispatches on it
   * @param parameters what the operation was asked to do, enough to reverse it
   */
  public static Journal begin(Path file, String operation, Map<String, String> parameters) throws IOException {
    return begin(file, operation, parameters, Clock.systemUTC());
  }

  static Journal begin(Path file, String operation, Map<String, String> parameters, Clock clock)
      throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    Journal journal = new Journal(file, channel, clock);
    journal.write("begin", operation, parameters);
    return journal;
  }

  /**
   * Continues a journal whose writer died before it ended, so that whoever recovers the operation
   * can write its outcome there; the lines already in it stay as they are.
   */
  public static Journal reopen(Path file) throws IOException {
    return new Journal(file, FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND),
        Clock.systemUTC());
  }

  /** {@code DIR/NAME-yyyyMMdd-HHmmss-SSS.journal} (UTC now): a new journal's file, sorting by time. */
  public static Path timestampedFile(Path dir, String name) {
    return dir.resolve(name + "-" + STAMP.format(Instant.now()) + ".journal");
  }

  public Path file() {
    return file;
  }

  /** Records an action that was executed and finished. */
  public void step(String action, Map<String, String> detail) throws IOException {
    write("step", action, detail);
  }

  /** Records an action that was executed and finished, with nothing more to say about it. */
  public void step(String action) throws IOException {
    step(action, Map.of());
  }

  /** Records something observed that is not an action (a check passed, a wait ended). */
  public void note(String text) throws IOException {
    note(text, Map.of());
  }

  /** Records something observed, with facts about it (what ran, and how it went). */
  public void note(String text, Map<String, String> detail) throws IOException {
    write("note", text, detail);
  }

  /** Ends the journal: the operation did all it set out to do. */
  public void completed() throws IOException {
    end(COMPLETED);
  }

  /** Ends the journal with another outcome, e.g. {@code failed: …; rolled back}. */
  public void end(String outcome) throws IOException {
    write("end", outcome, Map.of());
    ended = true;
  }

  /** Closes the file; a journal closed without {@link #end} reads as unfinished. */
  @Override
  public void close() throws IOException {
    channel.close();
  }

  public boolean ended() {
    return ended;
  }

  private void write(String event, String text, Map<String, String> detail) throws IOException {
    ObjectNode line = JSON.createObjectNode();
    line.put("time", Instant.now(clock).toString());
    line.put("event", event);
    line.put("text", text);
    ObjectNode details = line.putObject("detail");
    new TreeMap<>(detail).forEach(details::put);
    ByteBuffer bytes = ByteBuffer.wrap((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
    channel.force(true);
  }
}
