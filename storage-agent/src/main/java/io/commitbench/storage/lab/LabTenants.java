package io.commitbench.storage.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.io.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What keeps things on a lab's mounts that {@code down} would delete with the images, such as a
 * managed database instance whose data or log lies on the ssd or the hdd. A stopped server holds
 * no file open, so nothing on the host shows that it still needs the lab: its tenant record does.
 * Each is a file {@code ROOT/tenants/NAME.json}, written by the tenant itself whenever what it keeps
 * on a lab changes, naming its owner file (the tenant exists while that file does), what it keeps
 * where, and how to take it off the lab. The lab knows nothing else about its tenants; {@code
 * down} refuses while one is present and removes the records of those that are gone.
 *
 * <pre>
 * LabTenants.record(lab, new LabTenants.Tenant(dir.resolve("instance.json"), "managed postgresql instance " + dir,
 *     List.of("its log /lab/hdd/pg on the hdd"), "remove it with '…'"));
 * List&lt;LabTenants.Tenant&gt; present = LabTenants.present(lab.root());
 * </pre>
 *
 * <p>Stateless; a record is replaced atomically, so a crash leaves the old one or the new one.
 */
public final class LabTenants {

  /** The records' folder in the lab's root. */
  public static final String DIR = "tenants";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * One tenant.
   *
   * @param owner a file that exists as long as the tenant does (an instance's {@code instance.json})
   * @param name what it is, e.g. {@code managed postgresql instance /var/tmp/pg}
   * @param keeps what it keeps on the lab, each e.g. {@code its log /lab/hdd/pg on the hdd}
   * @param remedy how to take it off the lab, as commands an operator types
   */
  public record Tenant(Path owner, String name, List<String> keeps, String remedy) {

    public Tenant {
      keeps = List.copyOf(keeps);
    }

    /** The tenant as one line of a refusal. */
    public String describe() {
      return name + " keeps " + String.join(", ", keeps) + "; " + remedy;
    }
  }

  private LabTenants() {}

  /** Records (or replaces) the tenant of {@code tenant.owner()} on the lab at {@code root}. */
  public static void record(Path root, Tenant tenant) throws IOException {
    ObjectNode n = JSON.createObjectNode();
    n.put("owner", tenant.owner().toString());
    n.put("name", tenant.name());
    com.fasterxml.jackson.databind.node.ArrayNode keeps = n.putArray("keeps");
    tenant.keeps().forEach(keeps::add);
    n.put("remedy", tenant.remedy());
    Path file = file(root, tenant.owner());
    Files.createDirectories(file.getParent());
    AtomicFiles.write(file, (JSON.writeValueAsString(n) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** Removes the record of {@code owner}'s tenant on the lab at {@code root}, if any. */
  public static void forget(Path root, Path owner) throws IOException {
    Files.deleteIfExists(file(root, owner));
  }

  /** The tenants whose owner file exists, in the order of their records' names. */
  public static List<Tenant> present(Path root) throws IOException {
    List<Tenant> present = new ArrayList<>();
    for (Path record : records(root)) {
      Tenant t = read(record);
      if (Files.exists(t.owner())) {
        present.add(t);
      }
    }
    return present;
  }

  /**
   * Removes the records of the tenants that are gone (their owner file is) and the folder once it
   * is empty; returns how many records it removed.
   */
  static int removeGone(Path root) throws IOException {
    int removed = 0;
    for (Path record : records(root)) {
      if (!Files.exists(read(record).owner())) {
        Files.delete(record);
        removed++;
      }
    }
    Path dir = root.resolve(DIR);
    if (Files.isDirectory(dir) && records(root).isEmpty()) {
      Files.delete(dir);
    }
    return removed;
  }

  private static List<Path> records(Path root) throws IOException {
    return LabRecordFiles.in(root, DIR);
  }

  private static Tenant read(Path record) throws IOException {
    JsonNode n = JSON.readTree(record.toFile());
    if (!n.hasNonNull("owner")) {
      throw new IOException(record + " is not a tenant record (no 'owner'); remove it if nothing of yours is on the lab");
    }
    List<String> keeps = new ArrayList<>();
    n.path("keeps").forEach(k -> keeps.add(k.asText()));
    return new Tenant(Path.of(n.get("owner").asText()), n.path("name").asText(), keeps, n.path("remedy").asText());
  }

  /** {@code ROOT/tenants/<owner as a file name>-<hash>.json}: readable, and distinct for distinct owners. */
  private static Path file(Path root, Path owner) {
    return recordFile(root.resolve(DIR), owner);
  }

  /** {@code DIR/<path as a file name>-<hash>.json}: the record of {@code path} in a lab's folder of records. */
  static Path recordFile(Path dir, Path path) {
    String text = path.toAbsolutePath().normalize().toString();
    String readable = text.replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("^_+", "");
    return dir.resolve(readable + "-" + Integer.toHexString(text.hashCode()) + ".json");
  }
}
