package io.commitbench.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code commitbench container ls}: the throwaway containers on the engine. */
@Command(name = "ls", mixinStandardHelpOptions = true,
    description = "Lists the containers 'container start' made: name, db.type, state and port.",
    footer = {"", "Documentation: docs/containers-and-tests.md"})
final class ContainerListCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      DockerEngine engine = DockerEngine.find(System.getenv());
      List<String> rows = engine.throwawayContainers(
          "{{.Names}}\t{{.Label \"" + ContainerCommand.LABEL + "\"}}\t{{.Status}}\t{{.Ports}}");
      out.printf("%-36s %-11s %-26s %s%n", "name", "db.type", "state", "ports");
      for (String row : rows) {
        String[] cells = row.split("\t", -1);
        out.printf("%-36s %-11s %-26s %s%n", cells[0], cells[1], cells[2], cells.length > 3 ? cells[3] : "");
      }
      out.flush();
      return ExitCodes.OK;
    } catch (DockerEngine.CommandFailedException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return ExitCodes.RUN_FAILED;
    }
  }
}
