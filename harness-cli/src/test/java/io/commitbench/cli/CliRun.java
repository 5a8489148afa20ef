package io.commitbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * The command line run in this JVM as a user runs it, its output captured.
 *
 * @param exitCode what the process would exit with
 * @param out what it printed on standard output
 * @param err what it printed on standard error
 */
record CliRun(int exitCode, String out, String err) {

  /** The smallest paper workload a test can run: one user, one table, two of each statement, one cycle. */
  static final String TINY_PAPER_RUN = """
      users=1
      sleep=0
      tablename=1
      tableinsertnumber=2
      tableselectnumber=2
      tableupdatenumber=2
      tabledeletenumber=2
      repeat=1
      """;

  static CliRun execute(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = CommitbenchMain.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    return new CliRun(commandLine.execute(args), out.toString(), err.toString());
  }
}
