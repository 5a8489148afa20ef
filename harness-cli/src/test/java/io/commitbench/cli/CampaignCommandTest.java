package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code campaign} as a user meets it before anything is built: a bad campaign file is refused with
 * every problem (exit 2), and {@code plan} lists each cell with what a run would do with it. The
 * campaign run itself is CampaignIT's.
 */
class CampaignCommandTest {

  @TempDir Path dir;

  @Test
  void aBadCampaignFileIsRefusedWithEveryProblem() throws Exception {
    Path file = dir.resolve("c.properties");
    Files.writeString(file, "campaign.workload=none.properties\ncampaign.dbms=db2\ncampaign.layouts=plain/ntfs\n");

    CliRun r = CliRun.execute("campaign", "run", file.toString());

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("campaign.workload=none.properties: no such file",
        "'db2' is not a managed database kind", "unknown filesystem 'ntfs'", "nothing was built or run.");
  }

  @Test
  void planListsEveryCellAndChangesNothing() throws Exception {
    Files.writeString(dir.resolve("w.properties"), "users=1\n");
    Path file = dir.resolve("c.properties");
    Files.writeString(file, "campaign.workload=w.properties\ncampaign.dbms=postgresql\n"
        + "campaign.layouts=plain/ext4\ncampaign.snapshots=0,1\ncampaign.output=" + dir.resolve("out") + "\n");

    CliRun r = CliRun.execute("campaign", "plan", file.toString());

    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("2 cells", "[2/2] plain/ext4, 1 disk, postgresql, 1 snapshot: unsupported: a plain"
        + " layout has no snapshot mechanism");
    assertThat(dir.resolve("out")).doesNotExist();
  }
}
