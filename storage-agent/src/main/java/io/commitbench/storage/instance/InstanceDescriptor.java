package io.commitbench.storage.instance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the agent knows about one managed instance, kept as {@code instance.json} in the instance
 * directory and read on every start: settings such as InnoDB's log directory are not dynamic, so
 * the descriptor, not the server, is where they live.
 *
 * @param instanceDir the directory holding this file, the server log and the lock of a relocation
 * @param kind the engine's name, {@code postgresql} or {@code mariadb}
 * @param version the server version found when the instance was created
 * @param binDir where the server's programs were found
 * @param port the TCP port on 127.0.0.1
 * @param dataDir the data directory
 * @param logDir the directory holding the transaction log ({@code pg_wal} in it, or {@code ib_logfile0})
 * @param socketDir the directory of the Unix socket
 * @param cgroup the cgroup v1 directory the server is started in, if any
 * @param created when create ran
 * @param createdDirs the directories create made (did not exist before); destroy removes them
 */
public record InstanceDescriptor(Path instanceDir, String kind, String version, Path binDir, int port, Path dataDir,
    Path logDir, Path socketDir, Optional<Path> cgroup, Instant created, List<Path> createdDirs) {

  /** The descriptor's file name in the instance directory. */
  public static final String FILE = "instance.json";
  /** The connection file the harness reads for {@code db.instance=DIR}. */
  public static final String CONNECTION_FILE = "connection.properties";
  /** The folder in the instance directory where the journals of its relocations go by default. */
  public static final String JOURNALS = "journals";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public InstanceDescriptor {
    createdDirs = List.copyOf(createdDirs);
  }

  /** The same instance with its transaction log in another directory. */
  public InstanceDescriptor withLogDir(Path newLogDir) {
    return new InstanceDescriptor(instanceDir, kind, version, binDir, port, dataDir, newLogDir, socketDir, cgroup,
        created, createdDirs);
  }

  /** Reads {@code instance.json} of an instance directory. */
  public static InstanceDescriptor read(Path instanceDir) throws IOException {
    Path file = instanceDir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      throw new java.nio.file.NoSuchFileException(file.toString(), null,
          "not a managed instance: no " + FILE + " (create one with 'commitbench storage instance create')");
    }
    JsonNode n = JSON.readTree(file.toFile());
    List<Path> created = new ArrayList<>();
    n.path("createdDirs").forEach(p -> created.add(Path.of(p.asText())));
    return new InstanceDescriptor(instanceDir, text(n, "kind", file), text(n, "version", file),
        Path.of(text(n, "binDir", file)), n.path("port").asInt(), Path.of(text(n, "dataDir", file)),
        Path.of(text(n, "logDir", file)), Path.of(text(n, "socketDir", file)),
        n.hasNonNull("cgroup") ? Optional.of(Path.of(n.get("cgroup").asText())) : Optional.empty(),
        Instant.parse(text(n, "created", file)), created);
  }

  private static String text(JsonNode n, String key, Path file) throws IOException {
    if (!n.hasNonNull(key)) {
      throw new IOException(file + " has no '" + key + "'");
    }
    return n.get(key).asText();
  }

  /** Writes {@code instance.json} by a temporary file, fsync and rename: never half written. */
  public void write() throws IOException {
    ObjectNode n = JSON.createObjectNode();
    n.put("kind", kind);
    n.put("version", version);
    n.put("binDir", binDir.toString());
    n.put("port", port);
    n.put("dataDir", dataDir.toString());
    n.put("logDir", logDir.toString());
    n.put("socketDir", socketDir.toString());
    if (cgroup.isPresent()) {
      n.put("cgroup", cgroup.get().toString());
    } else {
      n.putNull("cgroup");
    }
    n.put("created", created.toString());
    ArrayNode dirs = n.putArray("createdDirs");
    createdDirs.forEach(d -> dirs.add(d.toString()));
    AtomicFiles.write(instanceDir.resolve(FILE), (JSON.writeValueAsString(n) + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /** Writes {@code connection.properties}: {@code db.type}, {@code db.url}, {@code db.user}. */
  public void writeConnection(String jdbcUrl, String user) throws IOException {
    String text = "# written by commitbench storage instance create; read by db.instance=" + instanceDir + "\n"
        + "db.type=" + kind + "\n" + "db.url=" + jdbcUrl + "\n" + "db.user=" + user + "\n";
    AtomicFiles.write(instanceDir.resolve(CONNECTION_FILE), text.getBytes(StandardCharsets.UTF_8));
  }
}
