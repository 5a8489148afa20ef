package io.commitbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every subject's label says what it is and is unique. */
class SubjectLabelsTest {

  @TempDir Path dir;

  private List<String> labels(Path... folders) throws Exception {
    List<Subject> subjects = new ArrayList<>();
    for (Path f : folders) {
      subjects.add(Subject.load(f));
    }
    return SubjectLabels.of(subjects);
  }

  @Test
  void theRunsOwnLabelComesFirst() throws Exception {
    Path a = new SummaryFile().set("run.label", "log on the old disk").write(dir.resolve("a"));
    Path b = new SummaryFile().set("run.label", "log on the new disk").write(dir.resolve("b"));
    assertThat(labels(a, b)).containsExactly("log on the old disk", "log on the new disk");
  }

  @Test
  void withoutOneTheKeyThatDiffersNamesTheRun() throws Exception {
    Path a = new SummaryFile().set("rate", "200").set("run.id", "x").write(dir.resolve("2025-a"));
    Path b = new SummaryFile().set("rate", "800").set("run.id", "y").write(dir.resolve("2025-b"));
    assertThat(labels(a, b)).as("run.id differs too, but it names the run").containsExactly("rate=200", "rate=800");
  }

  @Test
  void theDatabaseKindIsShorterThanItsUrl() throws Exception {
    Path a = new SummaryFile().set("db.type", "postgresql").set("db.url", "jdbc:postgresql://h/t").write(dir.resolve("a"));
    Path b = new SummaryFile().set("db.type", "mariadb").set("db.url", "jdbc:mariadb://h/t").write(dir.resolve("b"));
    assertThat(labels(a, b)).containsExactly("db.type=postgresql", "db.type=mariadb");
  }

  @Test
  void withTheSameConfigurationTheLogDeviceNamesTheRun() throws Exception {
    Path hdd = environment(new SummaryFile().write(dir.resolve("one")), "hdd of lab lab-1 at /var/tmp/lab", "1");
    Path ssd = environment(new SummaryFile().write(dir.resolve("two")), "ssd of lab lab-1 at /var/tmp/lab", "0");
    assertThat(labels(hdd, ssd)).containsExactly("log on hdd", "log on ssd");
    Path disk = environment(new SummaryFile().write(dir.resolve("three")), null, "1");
    Path flash = environment(new SummaryFile().write(dir.resolve("four")), null, "0");
    assertThat(labels(disk, flash)).containsExactly("log on rotational vda", "log on non-rotational vda");
  }

  @Test
  void aDifferingLogDeviceSaysMoreThanADifferingServerAddress() throws Exception {
    Path hdd = environment(new SummaryFile().set("db.url", "jdbc:postgresql://h:5433/t").write(dir.resolve("one")),
        "hdd of lab lab-1 at /var/tmp/lab", "1");
    Path ssd = environment(new SummaryFile().set("db.url", "jdbc:postgresql://h:5434/t").write(dir.resolve("two")),
        "ssd of lab lab-1 at /var/tmp/lab", "0");
    assertThat(labels(hdd, ssd)).containsExactly("log on hdd", "log on ssd");
    Path slow = environment(new SummaryFile().set("rate", "200").write(dir.resolve("three")), "hdd of lab", "1");
    Path fast = environment(new SummaryFile().set("rate", "800").write(dir.resolve("four")), "ssd of lab", "0");
    assertThat(labels(slow, fast)).containsExactly("rate=200, log on hdd", "rate=800, log on ssd");
  }

  @Test
  void aDifferingServerAddressNamesRunsOnTheSameKindOfDevice() throws Exception {
    Path a = new SummaryFile().set("db.url", "jdbc:postgresql://h:5433/t").write(dir.resolve("one"));
    Path b = new SummaryFile().set("db.url", "jdbc:postgresql://h:5434/t").write(dir.resolve("two"));
    assertThat(labels(a, b)).containsExactly("db.url=jdbc:postgresql://h:5433/t", "db.url=jdbc:postgresql://h:5434/t");
  }

  @Test
  void twoRun1OfDifferentGroupsAreToldApartByTheirGroup() throws Exception {
    Path a = new SummaryFile().write(dir.resolve("hdd/run-1"));
    Path b = new SummaryFile().write(dir.resolve("ssd/run-1"));
    assertThat(labels(a, b)).containsExactly("hdd/run-1", "ssd/run-1");
  }

  @Test
  void equalLabelsGetTheirFolderAndAtLastANumber() throws Exception {
    Path a = new SummaryFile().set("run.label", "same").write(dir.resolve("a"));
    Path b = new SummaryFile().set("run.label", "same").write(dir.resolve("b"));
    assertThat(labels(a, b)).containsExactly("same (a)", "same (b)");
    Path c = new SummaryFile().set("run.label", "same").write(dir.resolve("x/a"));
    assertThat(labels(a, c)).containsExactly("same (" + dir.getFileName() + "/a)", "same (x/a)");
    assertThat(labels(a, a)).containsExactly("same (" + dir.getFileName() + "/a)", "same (" + dir.getFileName() + "/a) #2");
  }

  @Test
  void threeSubjectsOfWhichTwoShareAValueAreStillUnique() throws Exception {
    Path a = new SummaryFile().set("rate", "200").write(dir.resolve("a"));
    Path b = new SummaryFile().set("rate", "200").write(dir.resolve("b"));
    Path c = new SummaryFile().set("rate", "800").write(dir.resolve("c"));
    assertThat(labels(a, b, c)).containsExactly("rate=200 (a)", "rate=200 (b)", "rate=800");
  }

  /** An environment.json whose log lies on device vda, on a lab device when {@code lab} is given. */
  private static Path environment(Path run, String lab, String rotational) throws Exception {
    String labFact = lab == null ? "" : ",\"wal_directory.lab_device\":{\"value\":\"" + lab + "\",\"unknownReason\":null}";
    Files.writeString(run.resolve("environment.json"), "{\"schema\":\"commitbench.environment/1\",\"groups\":{"
        + "\"log_device\":{\"wal_directory.device\":{\"value\":\"vda\",\"unknownReason\":null},"
        + "\"wal_directory.rotational\":{\"value\":\"" + rotational + "\",\"unknownReason\":null}" + labFact + "}}}");
    return run;
  }
}
