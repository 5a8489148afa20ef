package io.commitbench.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.core.key.Violation;
import io.commitbench.storage.layout.LayoutFilesystem;
import io.commitbench.storage.layout.VolumeManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampaignFileTest {

  @TempDir Path dir;

  @BeforeEach
  void workload() throws IOException {
    Files.writeString(dir.resolve("w.properties"), "users=1\n");
    Files.writeString(dir.resolve("load.properties"), "users=2\n");
  }

  private Path campaign(String text) throws IOException {
    Path file = dir.resolve("c.properties");
    Files.writeString(file, text);
    return file;
  }

  private List<String> violations(String text) throws IOException {
    try {
      CampaignFile.read(campaign(text));
    } catch (CampaignFileException e) {
      return e.violations().stream().map(Violation::toString).toList();
    }
    throw new AssertionError("expected the campaign file to be refused");
  }

  @Test
  void readsTheMatrixWithDefaultsAndPerLayoutDiskCounts() throws Exception {
    CampaignSpec spec = CampaignFile.read(campaign("""
        campaign.workload=w.properties
        campaign.dbms=postgresql,mariadb
        campaign.layouts=btrfs-raid0/btrfs@1-3, plain/ext4, lvm-raid0/xfs
        campaign.disks=2,4
        campaign.snapshots=5,0,1
        """));
    assertThat(spec.name()).isEqualTo("c");
    assertThat(spec.workload()).isEqualTo(dir.resolve("w.properties"));
    assertThat(spec.load()).isEqualTo(spec.workload());
    assertThat(spec.prepareLoad()).isFalse();
    assertThat(spec.runs()).isEmpty();
    assertThat(spec.dbms()).containsExactly("postgresql", "mariadb");
    assertThat(spec.layouts()).containsExactly(
        new LayoutChoice(VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, List.of(1, 2, 3)),
        new LayoutChoice(VolumeManager.PLAIN, LayoutFilesystem.EXT4, List.of(1)),
        new LayoutChoice(VolumeManager.LVM_RAID0, LayoutFilesystem.XFS, List.of(2, 4)));
    assertThat(spec.snapshotCounts()).containsExactly(0, 1, 5);
    assertThat(spec.writeLogThrough()).as("campaign.write-log-through by default").isTrue();
    assertThat(spec.disks()).isEqualTo(new DiskSource.LabDisks(512L << 20, 150, 1L << 30, DeviceProfile.SSD,
        DeviceProfile.HDD));
    assertThat(spec.mostDisks()).isEqualTo(4);
    assertThat(spec.output()).isEqualTo(Path.of("campaigns", "c").toAbsolutePath());
    assertThat(CampaignMatrix.cells(spec)).hasSize((3 + 1 + 2) * 2 * 3);
  }

  @Test
  void readsGivenDevicesAndALoadFile() throws Exception {
    CampaignSpec spec = CampaignFile.read(campaign("""
        campaign.name=study-1
        campaign.workload=w.properties
        campaign.load=load.properties
        campaign.dbms=mariadb
        campaign.layouts=lvm-thin-raid0/jfs@1-2
        campaign.devices=/dev/sdb, /dev/sdc
        campaign.overwrite=true
        campaign.write-log-through=false
        campaign.output=out
        """));
    assertThat(spec.writeLogThrough()).isFalse();
    assertThat(spec.load()).isEqualTo(dir.resolve("load.properties"));
    assertThat(spec.disks()).isEqualTo(new DiskSource.GivenDevices(List.of(Path.of("/dev/sdb"), Path.of("/dev/sdc")), true));
    assertThat(spec.output()).isEqualTo(Path.of("out").toAbsolutePath());
    assertThat(spec.work()).isEqualTo(Path.of("/var/tmp/commitbench-campaign/study-1"));
  }

  @Test
  void readsAPreparedLoadAndRunsPerCell() throws Exception {
    CampaignSpec spec = CampaignFile.read(campaign("""
        campaign.workload=w.properties
        campaign.load=prepare
        campaign.runs=3
        campaign.dbms=mariadb
        campaign.layouts=plain/ext4
        """));
    assertThat(spec.prepareLoad()).isTrue();
    assertThat(spec.load()).isEqualTo(spec.workload());
    assertThat(spec.runs()).hasValue(3);
  }

  @Test
  void logOnMeasuresEachLayoutOncePerPlaceOfTheLog() throws Exception {
    CampaignSpec spec = CampaignFile.read(campaign("""
        campaign.workload=w.properties
        campaign.dbms=postgresql
        campaign.layouts=plain/ext4
        campaign.log-on=hdd,ssd
        campaign.lab.hdd-profile=throttle
        campaign.lab.device-size=2G
        """));
    LayoutChoice onHdd = new LayoutChoice(VolumeManager.PLAIN, LayoutFilesystem.EXT4, List.of(1), Optional.of("hdd"));
    assertThat(spec.layouts()).containsExactly(onHdd,
        new LayoutChoice(VolumeManager.PLAIN, LayoutFilesystem.EXT4, List.of(1), Optional.of("ssd")));
    assertThat(spec.logsOnLabDevices()).isTrue();
    assertThat(spec.disks()).isEqualTo(new DiskSource.LabDisks(512L << 20, 150, 2L << 30, DeviceProfile.SSD,
        DeviceProfile.THROTTLE));
    assertThat(CampaignMatrix.cells(spec)).extracting(Cell::id)
        .containsExactly("plain-ext4-log-hdd-1d-postgresql-0s", "plain-ext4-log-ssd-1d-postgresql-0s");
    assertThat(onHdd.label()).isEqualTo("plain/ext4 (log on hdd)");
  }

  @Test
  void theLabsSsdIsAgedAsAskedAndAShareBeyondTheBoundIsRefused() throws Exception {
    CampaignSpec spec = CampaignFile.read(campaign("""
        campaign.workload=w.properties
        campaign.dbms=postgresql
        campaign.layouts=plain/ext4
        campaign.log-on=ssd
        campaign.lab.ssd-profile=flash-sata
        campaign.lab.ssd-age=70
        campaign.lab.ssd-age-seconds=30
        """));
    assertThat(((DiskSource.LabDisks) spec.disks()).ssdAging()).isEqualTo(new io.commitbench.storage.lab.Aging(70, 30));
    assertThat(((DiskSource.LabDisks) spec.disks()).ssdProfile()).isEqualTo(DeviceProfile.FLASH_SATA);

    assertThat(violations("""
        campaign.workload=w.properties
        campaign.dbms=postgresql
        campaign.layouts=plain/ext4
        campaign.log-on=ssd
        campaign.lab.ssd-age=99
        """)).anySatisfy(v -> assertThat(v).contains("campaign.lab.ssd-age")
            .contains("aging share 99 % is not allowed; give 0 (no aging) to 95"));
  }

  @Test
  void aLogOnALabDeviceNeedsTheLab() throws Exception {
    assertThat(violations("""
        campaign.workload=w.properties
        campaign.dbms=postgresql
        campaign.layouts=plain/ext4
        campaign.log-on=hdd,nvme,hdd
        campaign.devices=/dev/sdb
        """))
        .anySatisfy(s -> assertThat(s).contains("'nvme' is not a place for the log; allowed: layout, hdd, ssd"))
        .anySatisfy(s -> assertThat(s).contains("names a place twice"))
        .anySatisfy(s -> assertThat(s).contains("campaign.devices names block devices; allowed: campaign.devices=lab"));
    assertThat(violations("""
        campaign.workload=w.properties
        campaign.dbms=postgresql
        campaign.layouts=plain/ext4
        campaign.log-on=ssd
        campaign.lab.ssd-profile=fast
        """)).singleElement()
        .satisfies(s -> assertThat(s).startsWith("campaign.lab.ssd-profile=fast: not a device profile; allowed: ram,"));
  }

  @Test
  void reportsEveryProblemAtOnceNamingWhatIsAllowed() throws Exception {
    List<String> v = violations("""
        campaign.workload=missing.properties
        campaign.dbms=postgresql,oracle
        campaign.layouts=btrfs-raid0/ext4, zfs/ext4, plain/xfs@2, lvm-raid0/xfs@1-7
        campaign.snapshots=0,-1
        campaign.lab.disk-size=64M
        campaign.snapshot=1
        campaign.runs=0
        campaign.write-log-through=yes
        """);
    assertThat(v).anySatisfy(s -> assertThat(s).startsWith("campaign.workload=missing.properties: no such file"));
    assertThat(v).anySatisfy(s -> assertThat(s).contains("'oracle' is not a managed database kind; allowed: mariadb, postgresql"));
    assertThat(v).anySatisfy(s -> assertThat(s).contains("btrfs-raid0 is btrfs's own RAID0; allowed: btrfs-raid0/btrfs"));
    assertThat(v).anySatisfy(s -> assertThat(s).contains("unknown manager 'zfs'").contains("lvm-thin-raid0"));
    assertThat(v).anySatisfy(s -> assertThat(s).contains("a plain layout is one filesystem on one disk"));
    assertThat(v).anySatisfy(s -> assertThat(s).contains("each from 1 to 5"));
    assertThat(v).anySatisfy(s -> assertThat(s).startsWith("campaign.snapshots=0,-1: not snapshot counts"));
    assertThat(v).anySatisfy(s -> assertThat(s).contains("too small; allowed: at least 128M"));
    assertThat(v).anySatisfy(s -> assertThat(s).startsWith("campaign.snapshot=1: unknown key; did you mean campaign.snapshots?"));
    assertThat(v).anySatisfy(s -> assertThat(s).startsWith("campaign.runs=0: not a number of runs; allowed: a whole number"
        + " from 1 to 20"));
    assertThat(v).anySatisfy(s -> assertThat(s).startsWith("campaign.write-log-through=yes: not a boolean; allowed: true"
        + " or false"));
  }

  @Test
  void refusesFewerDevicesThanTheWidestLayoutAndMissingKeys() throws Exception {
    assertThat(violations("""
        campaign.workload=w.properties
        campaign.dbms=mariadb
        campaign.layouts=btrfs-raid0/btrfs@1-3
        campaign.devices=/dev/sdb,/dev/sdc
        """)).anySatisfy(s -> assertThat(s).contains("names 2 devices but a layout spans 3"));
    assertThat(violations("campaign.workload=w.properties\n"))
        .anySatisfy(s -> assertThat(s).startsWith("campaign.dbms: missing"))
        .anySatisfy(s -> assertThat(s).startsWith("campaign.layouts: missing"));
  }

  @Test
  void theExampleCampaignFilesAreValid() throws Exception {
    Path config = Path.of("..", "config");
    for (String name : List.of("campaign-rehearsal.properties", "campaign-study.properties",
        "campaign-hdd-vs-ssd.properties", "campaign-hdd-vs-ssd-paper.properties", "campaign-models.properties",
        "campaign-models-paper.properties")) {
      CampaignSpec spec = CampaignFile.read(config.resolve(name));
      assertThat(CampaignMatrix.cells(spec)).as(name).isNotEmpty();
    }
  }

  @Test
  void anUnreadableFileIsReportedAsSuch() {
    assertThatThrownBy(() -> CampaignFile.read(dir.resolve("none.properties")))
        .isInstanceOf(CampaignFileException.class).hasMessageContaining("cannot read the campaign file");
  }
}
