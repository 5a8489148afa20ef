package io.commitbench.cli;

import io.commitbench.campaign.AssembledWorkloadRunner;
import io.commitbench.campaign.Campaign;
import io.commitbench.campaign.CampaignFile;
import io.commitbench.campaign.CampaignFileException;
import io.commitbench.campaign.CampaignReport;
import io.commitbench.campaign.CampaignSpec;
import io.commitbench.campaign.CampaignStore;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.plan.RefusedException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code commitbench campaign}: the snapshot study's matrix, run cell by cell, into its tables. */
@Command(
    name = "campaign",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Measures a workload in every cell of a matrix of storage layouts and snapshots.",
      "",
      "A campaign is a matrix of layouts (volume manager, filesystem, 1..5 disks) × snapshot",
      "counts × database kinds, measuring a workload's TX/s in each cell, as the snapshot study",
      "did. Each cell builds its layout, puts a managed instance's data on it, loads data, takes",
      "the snapshots, runs the workload, and tears everything down. Cells this host cannot run",
      "are recorded as unsupported, with the reason.",
      "",
      "Results folder: campaign.md (the study's tables, each TX/s linked to its run),",
      "campaign.csv, charts/*.png (TX/s against snapshot count per layout), and",
      "cells/ID/ (cell.json and the load and measured runs' results). Running the same",
      "campaign again keeps the cells it finished and runs the rest (resume)."
    },
    subcommands = {CampaignCommand.Plan.class, CampaignCommand.Run.class, CampaignCommand.Report.class,
      HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:every cell measured or unsupported", "1:a cell failed, or the campaign was interrupted",
      "2:bad campaign file or refused; nothing was built"},
    footer = {"", "Documentation: docs/campaigns.md"})
final class CampaignCommand {

  private static final String KEYS_HELP = "Campaign file keys (campaign.*): workload, load, dbms, layouts, disks,"
      + " snapshots, log-on, devices, lab.disk-size, lab.write-iops, lab.device-size, lab.ssd-profile,"
      + " lab.hdd-profile, overwrite, output, work, name; see docs/campaigns.md.";

  /** What every subcommand does first: read the campaign file, and report a bad file or a refusal as exit 2. */
  abstract static class CampaignSubcommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign file (.properties).")
    Path file;

    @Spec CommandSpec spec;

    @Override
    public final Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      PrintWriter err = spec.commandLine().getErr();
      try {
        return call(CampaignFile.read(file), out, err);
      } catch (CampaignFileException e) {
        e.violations().forEach(v -> err.println("error: " + v));
        err.println("nothing was built or run.");
        return ExitCodes.BAD_INPUT;
      } catch (RefusedException e) {
        err.println("error: " + e.getMessage());
        return ExitCodes.BAD_INPUT;
      } finally {
        out.flush();
        err.flush();
      }
    }

    abstract int call(CampaignSpec campaign, PrintWriter out, PrintWriter err) throws Exception;
  }

  @Command(name = "plan", mixinStandardHelpOptions = true,
      description = {"Lists the campaign's cells and what a run would do with each; changes nothing.",
        "Each cell is run, keeps an earlier outcome, or is recorded unsupported on this host (with the",
        "reason).", "", KEYS_HELP},
      footer = {"", "Documentation: docs/campaigns.md"})
  static final class Plan extends CampaignSubcommand {
    @Override
    int call(CampaignSpec campaign, PrintWriter out, PrintWriter err) throws Exception {
      new Campaign(campaign, ProcessCommandRunner.standard(), new AssembledWorkloadRunner(), ProgressStreams.over(out))
          .plan().forEach(out::println);
      return ExitCodes.OK;
    }
  }

  @Command(name = "run", mixinStandardHelpOptions = true,
      description = {"Runs every cell that an earlier run of this campaign did not finish.",
        "Prints one line per cell and rewrites the tables and charts after each. Ctrl-C stops after",
        "the cell in progress (its run is asked to stop, its layout and instance are torn down,",
        "results are kept).", "", KEYS_HELP},
      footer = {"", "Documentation: docs/campaigns.md"})
  static final class Run extends CampaignSubcommand {
    /** Time a signalled campaign gets to stop its run and tear its cell down before the JVM exits. */
    private static final Duration STOP_GRACE = Duration.ofMinutes(5);

    @Override
    int call(CampaignSpec campaignSpec, PrintWriter out, PrintWriter err) throws Exception {
      Campaign campaign = new Campaign(campaignSpec, ProcessCommandRunner.standard(), new AssembledWorkloadRunner(),
          ProgressStreams.over(out));
      SignalStop signal = SignalStop.install("commitbench-campaign-shutdown",
          () -> campaign.requestStop("interrupted by a signal (Ctrl-C or kill)"), STOP_GRACE);
      try {
        return campaign.run() ? ExitCodes.OK : ExitCodes.RUN_FAILED;
      } finally {
        out.flush();
        signal.close();
      }
    }
  }

  @Command(name = "report", mixinStandardHelpOptions = true,
      description = {"Writes the tables and charts again from the outcomes an earlier run recorded.", "", KEYS_HELP},
      footer = {"", "Documentation: docs/campaigns.md"})
  static final class Report extends CampaignSubcommand {
    @Override
    int call(CampaignSpec campaign, PrintWriter out, PrintWriter err) throws Exception {
      Optional<CampaignStore> store = CampaignStore.existing(campaign);
      if (store.isEmpty()) {
        err.println("error: " + campaign.output() + " holds no run of this campaign; run it first");
        return ExitCodes.BAD_INPUT;
      }
      CampaignReport.write(campaign, store.get());
      out.println("wrote " + store.get().output().resolve(CampaignReport.MARKDOWN) + " and "
          + store.get().output().resolve(CampaignReport.CSV));
      return ExitCodes.OK;
    }
  }
}
