package io.commitbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code commitbench container}: throwaway database servers in containers, for a quick trial. */
@Command(
    name = "container",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Starts, lists and removes throwaway database servers in containers.",
      "",
      "For a quick trial: 'start' runs a server in a container (image already on the engine:",
      "nothing is pulled) with a generated password kept in a file, and prints the settings a run",
      "needs; 'ls' lists them; 'rm' removes them and their password files. The engine is",
      "DOCKER_HOST's, else the project's private one (/run/commitbench-docker/docker.sock: bash",
      "scripts/containers/engine.sh start), else /var/run/docker.sock. Only containers this",
      "command started are ever removed."
    },
    subcommands = {ContainerStartCommand.class, ContainerListCommand.class, ContainerRemoveCommand.class,
      HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:Docker failed, or the server did not accept a login in time (the container is removed)",
      "2:bad input or refused (an unknown db.type, a container this command did not start); nothing was changed"
    },
    footer = {"", "Documentation: docs/containers-and-tests.md"})
final class ContainerCommand {

  /** The label every throwaway container carries, valued with its db.type. */
  static final String LABEL = "io.commitbench.throwaway";
  /** The label naming the container's password file, removed with it. */
  static final String PASSWORD_FILE_LABEL = "io.commitbench.password-file";
}
