package io.commitbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code commitbench probe}: groups the probes of how a database behaves, apart from benchmark runs. */
@Command(
    name = "probe",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Probes how a database behaves, by experiment rather than by a benchmark run.",
      "",
      "'locking' sets two sessions against each other (deadlock, same row) per isolation level."
    },
    subcommands = {ProbeLockingCommand.class, HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:probed", "1:a probe failed", "2:bad input; nothing was created"},
    footer = {"", "Documentation: docs/locking-probe.md"})
final class ProbeCommand {}
