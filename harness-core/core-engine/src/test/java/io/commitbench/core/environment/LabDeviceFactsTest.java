package io.commitbench.core.environment;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab device under a log, as environment.json and the report header carry it. */
class LabDeviceFactsTest {

  @TempDir Path dir;

  @Test
  void aLogOnACalibratedLabDeviceCarriesItsProfileAndFigures() throws IOException {
    Path root = lab("""
        {"format": "commitbench.lab/3", "id": "lab-1a2b", "root": "%1$s", "filesystem": "ext4",
         "created": "2025-01-02T03:04:05Z", "devices": [
          {"name": "ssd", "image": "%1$s/ssd.img", "mount_point": "%1$s/ssd", "profile": "ram"},
          {"name": "hdd", "image": "%1$s/hdd.img", "mount_point": "%1$s/hdd", "profile": "hdd", "calibration": {"tool": "fio-3.33",
           "fdatasync_count": 136, "fdatasync_p50_us": 14032.5, "fdatasync_p99_us": 27918.3,
           "paced_fdatasync_count": 120, "paced_fdatasync_p50_us": 14210.0, "paced_fdatasync_p99_us": 28500.0,
           "paced_fdatasync_gap_us": 10000, "seq_write_iops": 19.2, "rand_write_iops": 38.9,
           "rand_write_count": 39, "rand_write_p50_us": 12950.4, "rand_write_p99_us": 26000.0,
           "rand_read_count": 160, "rand_read_p50_us": 12300.0, "rand_read_p99_us": 16700.5, "seq_read_mbs": 4.4,
           "note": "fio: ..."}}]}
        """);

    List<Fact> facts = LabDeviceFacts.of("log_device", "wal_directory", root.resolve("hdd/pg/pg_wal"));

    assertThat(facts).containsExactly(
        Fact.of("log_device", "wal_directory.lab_device", "hdd of lab lab-1a2b at " + root),
        Fact.of("log_device", "wal_directory.lab_profile", "hdd"),
        Fact.of("log_device", "wal_directory.lab_fdatasync_p50_us", "14032.5"),
        Fact.of("log_device", "wal_directory.lab_fdatasync_p99_us", "27918.3"),
        Fact.of("log_device", "wal_directory.lab_paced_fdatasync_p50_us", "14210.0"),
        Fact.of("log_device", "wal_directory.lab_paced_fdatasync_p99_us", "28500.0"),
        Fact.of("log_device", "wal_directory.lab_seq_write_iops", "19.2"),
        Fact.of("log_device", "wal_directory.lab_rand_write_iops", "38.9"),
        Fact.of("log_device", "wal_directory.lab_rand_write_p50_us", "12950.4"),
        Fact.of("log_device", "wal_directory.lab_rand_write_p99_us", "26000.0"),
        Fact.of("log_device", "wal_directory.lab_rand_read_p50_us", "12300.0"),
        Fact.of("log_device", "wal_directory.lab_rand_read_p99_us", "16700.5"),
        Fact.of("log_device", "wal_directory.lab_seq_read_mbs", "4.4"),
        Fact.of("log_device", "wal_directory.lab_calibration", "fio-3.33, 136 fdatasyncs; fio: ..."));
    List<Fact> all = new ArrayList<>(EnvironmentFixtures.postgresqlOnThisHost());
    all.addAll(facts);
    assertThat(EnvironmentText.headerLines(all)).contains(" | Log Lab Device   : hdd of lab lab-1a2b at " + root
        + ", profile hdd, calibrated fdatasync of 8 KiB p50 14.0 ms, p99 27.9 ms; paced p50 14.2 ms, p99 28.5 ms");
  }

  @Test
  void aCalibrationWithoutAPacedFigureSaysWhyAndTheHeaderLeavesItOut() throws IOException {
    Path root = lab("""
        {"format": "commitbench.lab/3", "id": "lab-9z", "root": "%1$s", "filesystem": "ext4",
         "created": "2025-01-02T03:04:05Z", "devices": [
          {"name": "ssd", "image": "%1$s/ssd.img", "mount_point": "%1$s/ssd", "profile": "ram", "calibration": {"tool": "built-in probe",
           "fdatasync_count": 200, "fdatasync_p50_us": 45.0, "fdatasync_p99_us": 90.0, "note": "probe"}}]}
        """);

    List<Fact> facts = LabDeviceFacts.of("log_device", "wal_directory", root.resolve("ssd"));

    assertThat(facts).filteredOn(f -> f.name().endsWith("lab_paced_fdatasync_p50_us")).singleElement()
        .satisfies(f -> assertThat(f.unknownReason()).contains("not in the lab's calibration"));
    assertThat(facts).filteredOn(f -> f.name().endsWith("lab_rand_read_p50_us") || f.name().endsWith("lab_seq_read_mbs")
        || f.name().endsWith("lab_rand_write_p99_us")).hasSize(3)
        .allSatisfy(f -> assertThat(f.unknownReason()).contains("before read figures and write latency were measured"));
    List<Fact> all = new ArrayList<>(EnvironmentFixtures.postgresqlOnThisHost());
    all.addAll(facts);
    assertThat(EnvironmentText.headerLines(all)).contains(" | Log Lab Device   : ssd of lab lab-9z at " + root
        + ", profile ram, calibrated fdatasync of 8 KiB p50 45 µs, p99 90 µs");
  }

  @Test
  void aFormat2LabFileGivesTheDeviceItsDefaultProfileAndSaysWhyThereAreNoFigures() throws IOException {
    Path root = lab("""
        {"format": "commitbench.lab/2", "id": "old", "root": "%1$s", "filesystem": "ext4",
         "created": "2025-01-02T03:04:05Z", "devices": [
          {"name": "hdd", "image": "%1$s/hdd.img", "mount_point": "%1$s/hdd"}]}
        """);

    List<Fact> facts = LabDeviceFacts.of("log_device", "wal_directory", root.resolve("hdd"));

    assertThat(facts).contains(Fact.of("log_device", "wal_directory.lab_profile", "throttle"));
    assertThat(facts).filteredOn(f -> f.name().endsWith(".lab_fdatasync_p50_us")).singleElement()
        .satisfies(f -> assertThat(f.unknownReason()).contains("recorded no calibration of hdd"));
  }

  @Test
  void aLogOnADeviceModelCarriesTheModelsParametersAndTheStateItWrote() throws IOException {
    Path root = lab("""
        {"format": "commitbench.lab/3", "id": "lab-m", "root": "%1$s", "filesystem": "ext4",
         "created": "2025-01-02T03:04:05Z", "devices": [
          {"name": "ssd", "image": "%1$s/ssd.img", "mount_point": "%1$s/ssd", "profile": "flash-sata",
           "server": {"dir": "%1$s/ssd.nbd", "dir_created": true, "nbdkit_pid": 12, "fuse_started": true}}]}
        """);
    Path model = Files.createDirectories(root.resolve("ssd.nbd/model"));
    Files.writeString(model.resolve("flash-sata.profile"), "name = flash-sata  # the profile\n"
        + "description = a SATA SSD\npage_kb = 16\nover_provisioning = 0.07 # 7 %%\ndatasheet.random_read_ms = 0.1\n");
    Path state = root.resolve("ssd.nbd/model.state");

    List<Fact> before = LabDeviceFacts.of("log_device", "wal_directory", root.resolve("ssd/pg_wal"));
    Files.writeString(state, "model = flash\nprofile = flash-sata\nfree_blocks = 9\nwrite_amplification = 2.2500\n");
    List<Fact> after = LabDeviceFacts.of("log_device", "wal_directory", root.resolve("ssd/pg_wal"));

    assertThat(before).contains(Fact.of("log_device", "wal_directory.lab_model_parameters",
        "name=flash-sata, page_kb=16, over_provisioning=0.07"));
    assertThat(before).filteredOn(f -> f.name().equals("wal_directory.lab_model_state")).singleElement()
        .satisfies(f -> assertThat(f.unknownReason()).contains("has not written " + state));
    assertThat(after).contains(Fact.of("log_device", "wal_directory.lab_model_free_blocks", "9"),
        Fact.of("log_device", "wal_directory.lab_model_write_amplification", "2.2500"));
    assertThat(after).noneMatch(f -> f.name().endsWith("lab_model_state") || f.name().endsWith("lab_model_model"));
  }

  @Test
  void aLogOnNoLabGivesNoFacts() throws IOException {
    Path root = lab("""
        {"format": "commitbench.lab/3", "id": "x", "root": "%1$s", "filesystem": "ext4",
         "created": "2025-01-02T03:04:05Z", "devices": [{"name": "hdd", "image": "%1$s/hdd.img", "mount_point": "%1$s/hdd"}]}
        """);

    assertThat(LabDeviceFacts.of("log_device", "w", root.resolve("elsewhere/pg_wal"))).isEmpty();
    assertThat(LabDeviceFacts.of("log_device", "w", dir.resolve("pg_wal"))).isEmpty();
  }

  private Path lab(String json) throws IOException {
    Path root = Files.createDirectories(dir.resolve("lab"));
    Files.writeString(root.resolve("lab.json"), json.formatted(root));
    return root;
  }
}
