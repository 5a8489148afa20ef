package io.commitbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code commitbench storage}: groups the storage agent's commands. */
@Command(
    name = "storage",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Inspects and changes the storage under a database: devices, instances, logs.",
      "",
      "The storage agent inspects the devices under a path, builds lab devices (a fast \"ssd\" and",
      "a throttled \"hdd\") and storage layouts, manages private database instances,",
      "and moves a server's transaction log between devices. Commands that change something print",
      "their plan and act only with --apply; what they did goes to a journal that 'undo' reverses."
    },
    subcommands = {StorageInspectCommand.class, StorageLabCommand.class, StorageInstanceCommand.class,
      StorageLayoutCommand.class,
      StorageCowProbeCommand.class,
      StorageRelocateLogCommand.class, StorageUndoCommand.class, StorageFormattersCommand.class, HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:the operation failed (what was done is in its journal; the server is restored)",
      "2:bad input or refused; nothing was changed"
    },
    footer = {"", "Documentation: docs/storage-agent.md, docs/lab.md, docs/campaigns.md"})
final class StorageCommand {}
