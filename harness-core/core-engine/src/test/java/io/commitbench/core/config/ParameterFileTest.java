package io.commitbench.core.config;

import static io.commitbench.core.config.ConfigTestSupport.failure;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.key.Violation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a parameter file: what java.util.Properties would let pass silently
 * or report obscurely is refused naming what is wrong and where: a key given twice (Properties
 * keeps the last), bytes that are not UTF-8 text ("Input length = 1"); a UTF-8 byte order mark,
 * which Properties would make part of the first key, is dropped.
 */
class ParameterFileTest {

  @TempDir Path dir;

  @Test
  void aKeyGivenTwiceIsRefusedWithBothValues() throws IOException {
    Path file = write("users=10\nsleep=100\nusers = 20\n");

    ConfigException e = failure(() -> ConfigBinder.readFile(file));

    assertThat(e.violations()).extracting(Violation::toString).containsExactly(
        "users=20: given 2 times in " + file + " (users=10, then users=20); allowed: each key once,"
            + " so that the file alone says which value a run uses");
  }

  @Test
  void everyRepeatedKeyIsReportedInTheOrderItFirstAppears() throws IOException {
    Path file = write("repeat=1\nusers=1\nrepeat=2\nusers=2\nrepeat=3\n");

    ConfigException e = failure(() -> ConfigBinder.readFile(file));

    assertThat(e.violations()).extracting(Violation::key).containsExactly("repeat", "users");
    assertThat(e.violations().get(0).message()).startsWith("given 3 times in " + file + " (repeat=1, then repeat=2,"
        + " then repeat=3)");
  }

  @Test
  void aRepeatedPasswordLikeKeyShowsNoValue() throws IOException {
    Path file = write("db.password=hunter2\ndb.password=hunter3\ndb.url=jdbc:postgresql://db/t?password=x\n"
        + "db.url=jdbc:postgresql://db/t?password=y\n");

    ConfigException e = failure(() -> ConfigBinder.readFile(file));

    assertThat(e.getMessage()).doesNotContain("hunter", "password=x", "password=y")
        .contains("db.password=***: given 2 times in " + file + " (db.password=***, then db.password=***)")
        .contains("(db.url=jdbc:postgresql://db/t?password=***, then db.url=jdbc:postgresql://db/t?password=***)");
  }

  @Test
  void aUtf8ByteOrderMarkIsDropped() throws Exception {
    byte[] text = "users=2\nrun.id=café\n".getBytes(StandardCharsets.UTF_8);
    Path file = Files.write(dir.resolve("bom.properties"), concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, text));

    assertThat(ConfigBinder.readFile(file)).containsOnlyKeys("users", "run.id").containsEntry("users", "2")
        .containsEntry("run.id", "café");
  }

  @Test
  void bytesThatAreNotUtf8AreRefusedWithTheirOffsetAndLine() throws Exception {
    byte[] latin1 = "users=2\nrun.id=caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
    Path file = Files.write(dir.resolve("latin1.properties"), latin1);

    ConfigException e = failure(() -> ConfigBinder.readFile(file));

    assertThat(e.violations()).extracting(Violation::toString).containsExactly("file=" + file + ": not UTF-8 text:"
        + " byte 0xE9 at offset 18 (line 2) is not valid UTF-8; allowed: a Java .properties file saved as UTF-8 text");
  }

  @Test
  void binaryGarbageIsRefusedAsNotText() throws Exception {
    Path file = Files.write(dir.resolve("garbage.properties"), new byte[] {'u', 's', 'e', 'r', 0, 1, 2, 3});

    ConfigException e = failure(() -> ConfigBinder.readFile(file));

    assertThat(e.violations()).extracting(Violation::toString).containsExactly("file=" + file + ": not text:"
        + " control character 0x00 at offset 4 (line 1); allowed: a Java .properties file saved as UTF-8 text");
  }

  @Test
  void theFirstProblemInTheFileIsReported() throws Exception {
    Path controlFirst = Files.write(dir.resolve("a.properties"), new byte[] {'a', 0x01, 'b', (byte) 0xFF});
    Path malformedFirst = Files.write(dir.resolve("b.properties"), new byte[] {'a', (byte) 0xC3, '(', 0x01});

    assertThat(failure(() -> ConfigBinder.readFile(controlFirst)).violations().get(0).message())
        .startsWith("not text: control character 0x01 at offset 1 (line 1)");
    assertThat(failure(() -> ConfigBinder.readFile(malformedFirst)).violations().get(0).message())
        .startsWith("not UTF-8 text: byte 0xC3 at offset 1 (line 1)");
  }

  @Test
  void aUtf16FileIsRecognisedAsSuch() throws Exception {
    Path file = Files.write(dir.resolve("utf16.properties"), "users=2\n".getBytes(StandardCharsets.UTF_16LE));
    Path marked = Files.write(dir.resolve("utf16bom.properties"),
        concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, "users=2\n".getBytes(StandardCharsets.UTF_16LE)));

    assertThat(failure(() -> ConfigBinder.readFile(file)).violations().get(0).message())
        .startsWith("not text: control character 0x00 at offset 1 (line 1)");
    assertThat(failure(() -> ConfigBinder.readFile(marked)).violations().get(0).message())
        .isEqualTo("not UTF-8 text: it starts with a UTF-16 byte order mark; allowed: a Java .properties file saved"
            + " as UTF-8 text");
  }

  @Test
  void tabsFormFeedsAndWindowsLineEndsAreText() throws Exception {
    Path file = write("users\t=\t2\r\n\fsleep=1\r\n");

    assertThat(ConfigBinder.readFile(file)).containsEntry("users", "2").containsEntry("sleep", "1");
  }

  @Test
  void aFileLargerThanAnyParameterFileIsRefusedUnread() throws Exception {
    Path file = Files.write(dir.resolve("huge.properties"), new byte[1024 * 1024 + 1]);

    assertThat(failure(() -> ConfigBinder.readFile(file)).violations()).extracting(Violation::toString)
        .containsExactly("file=" + file + ": 1048577 bytes, too large for a parameter file; allowed: a Java"
            + " .properties file of at most 1048576 bytes");
  }

  @Test
  void theOrdinaryProblemsKeepTheirMessage() {
    Path absent = dir.resolve("absent.properties");

    assertThat(failure(() -> ConfigBinder.readFile(absent)).violations()).extracting(Violation::toString)
        .singleElement().asString().startsWith("file=" + absent + ": cannot read the parameter file (");
  }

  private Path write(String text) throws IOException {
    return Files.writeString(dir.resolve("p.properties"), text, StandardCharsets.UTF_8);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a);
    out.writeBytes(b);
    return out.toByteArray();
  }
}
