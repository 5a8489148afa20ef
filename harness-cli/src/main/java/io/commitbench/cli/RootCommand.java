package io.commitbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code commitbench}: the root command; it only groups the subcommands. */
@Command(
    name = "commitbench",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Measures what storage does to database commits.",
      "",
      "Runs a workload (by default the actor workload of the Neitzel/Hoeding testframe: inserts,",
      "selects, updates, deletes by N staggered users; 'commitbench workloads' lists the others)",
      "against H2, PostgreSQL, MariaDB or Oracle, and reports commit latency and throughput."
    },
    subcommands = {RunCommand.class, PrepareCommand.class, ReportCommand.class, CompareCommand.class, ValidateCommand.class, CleanupCommand.class, WorkloadsCommand.class, DriversCommand.class, StorageCommand.class,
      ProbeCommand.class,
      CampaignCommand.class, ContainerCommand.class, HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:the run failed (results measured so far are still written)",
      "2:bad input (options, parameter file, values; names a run would create that are taken); nothing was changed",
      "3:a run completed with failed statements or left tables or users behind; cleanup --apply kept a live run's",
      "130:a run interrupted by Ctrl-C (SIGINT); its results written",
      "143:a run stopped by SIGTERM (kill); its results written"
    },
    footer = {"", "Start with: commitbench run config/quickstart.properties",
      "Documentation: docs/getting-started.md; every command: docs/cli.md; every key: docs/keys.md"})
final class RootCommand {}
