package io.commitbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code commitbench container rm}: removes throwaway containers, their volumes and their password
 * files. A container without the throwaway label is refused before anything is removed: this
 * command drops only what {@code container start} created.
 */
@Command(name = "rm", mixinStandardHelpOptions = true,
    description = {"Removes throwaway containers, with their data and password files.",
      "Give their names, or --all for every one of them."},
    footer = {"", "Documentation: docs/containers-and-tests.md"})
final class ContainerRemoveCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @ArgGroup(multiplicity = "1")
  Which which;

  static final class Which {
    @Parameters(paramLabel = "NAME", arity = "1..*", description = "Containers 'container start' made ('container ls').")
    List<String> names;

    @Option(names = "--all", required = true, description = "Every throwaway container on the engine.")
    boolean all;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      DockerEngine engine = DockerEngine.find(System.getenv());
      List<String> names = which.all ? all(engine) : which.names;
      List<String> passwordFiles = new ArrayList<>();
      for (String name : names) {
        DockerEngine.Result labels = engine.run(List.of("inspect", "--type", "container", "--format",
            "{{index .Config.Labels \"" + ContainerCommand.LABEL + "\"}}\t{{index .Config.Labels \""
                + ContainerCommand.PASSWORD_FILE_LABEL + "\"}}", name));
        String[] cells = labels.out().split("\t", -1);
        if (labels.exitCode() != 0 || cells[0].isEmpty()) {
          err.println("error: " + name + (labels.exitCode() != 0 ? " is not a container on " + engine.host()
              : " was not started by 'commitbench container start' (no " + ContainerCommand.LABEL + " label)")
              + "; nothing was removed");
          err.flush();
          return ExitCodes.BAD_INPUT;
        }
        passwordFiles.add(cells.length > 1 ? cells[1] : "");
      }
      for (int i = 0; i < names.size(); i++) {
        engine.require(List.of("rm", "-f", "-v", names.get(i)));
        // Only the file container start wrote for this name: a label could name any path.
        Path passwordFile = Path.of(passwordFiles.get(i));
        if (passwordFile.getFileName() != null
            && passwordFile.getFileName().toString().equals(names.get(i) + ".password")) {
          Files.deleteIfExists(passwordFile);
        }
        out.println("removed " + names.get(i));
      }
      if (names.isEmpty()) {
        out.println("no throwaway container on " + engine.host());
      }
      out.flush();
      return ExitCodes.OK;
    } catch (DockerEngine.CommandFailedException | IOException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return ExitCodes.RUN_FAILED;
    }
  }

  private static List<String> all(DockerEngine engine) throws DockerEngine.CommandFailedException {
    return engine.throwawayContainers("{{.Names}}");
  }
}
