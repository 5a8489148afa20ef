package io.commitbench.cli.docs;

import io.commitbench.campaign.CampaignFile;
import io.commitbench.campaign.CampaignFileException;
import io.commitbench.cli.CommitbenchMain;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.config.Overrides;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.Violation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * Checks documented commands against the real command line, without running any of them and
 * without contacting a database.
 *
 * <p>Every command is parsed by picocli ({@link CommandLine#parseArgs}) against the root command
 * of {@link CommitbenchMain}: an unknown subcommand or option, a bad option value or a missing
 * required parameter is a problem. Then the files a command reads are checked, unless help was
 * asked for:
 *
 * <ul>
 *   <li>A command with positional paths and a {@code --set} option reads parameter files
 *       ({@code run}, {@code validate}, {@code prepare}, {@code cleanup}, {@code probe locking}):
 *       each file, with the command's {@code --set} overrides, must pass the binding the command
 *       does before it connects: {@link ConfigBinder#bind}, which {@code validate} does, or
 *       {@link ConfigBinder#bindWithoutRunLength} for {@code prepare} and {@code cleanup}. Every
 *       environment variable counts as set (a password named by {@code db.password.env} is the
 *       reader's to set, not the test's).
 *   <li>The {@code campaign} subcommands read a campaign file: {@link CampaignFile#read} must
 *       accept it.
 * </ul>
 *
 * <p>Which lines are only parsed: a file is checked when it exists (relative to the repository's
 * root, where the pages' commands run). One that does not exist is a problem when it is under
 * {@code config/} (a shipped file misnamed); anywhere else it stands for the reader's own file
 * ({@code FILE}, {@code my.properties}, {@code results/RUN_ID/config.properties}) and its command
 * is only parsed. So is a command whose {@code --set db.instance=DIR} or
 * {@code --set db.password.file=FILE} names a path that does not exist: a managed instance or a
 * password file the reader makes first, whose contents binding would read. A command the shell
 * would expand ({@code $HOME}, {@code $(…)}, a glob) is only parsed, and so is every command of
 * a block the page marks with {@value MarkdownPage#PARSE_ONLY_MARKER} on the line before it: the
 * way to show, sparingly, a command that is meant to be refused.
 */
final class CommandChecker {

  /** What a command's positional parameters are, as far as the documentation tests check them. */
  enum Reads { PARAMETER_FILES, CAMPAIGN_FILE, NOTHING_CHECKED }

  /** The commands that run no workload: they bind without a run length, as ConfigOptions does for them. */
  private static final Set<String> NO_RUN_LENGTH = Set.of("commitbench prepare", "commitbench cleanup");

  /** Keys whose value is a path the reader makes before the command: a managed instance, a password file. */
  private static final Set<String> READERS_PATHS = Set.of(ParameterKeys.DB_INSTANCE, ParameterKeys.DB_PASSWORD_FILE);

  private static final String SET = "--set";

  private final DocsTree tree;
  private final ConfigBinder binder = new ConfigBinder(DialectRegistry.load(), variable -> "set-by-the-reader");

  CommandChecker(DocsTree tree) {
    this.tree = tree;
  }

  /** What a (sub)command's positional parameters are. */
  static Reads reads(CommandSpec spec) {
    List<PositionalParamSpec> positionals = spec.positionalParameters();
    // auxiliaryTypes: a list's element type, else the type itself.
    boolean paths = !positionals.isEmpty() && positionals.stream().allMatch(p -> p.auxiliaryTypes()[0] == Path.class);
    if (paths && spec.findOption(SET) != null) {
      return Reads.PARAMETER_FILES;
    }
    if (paths && spec.parent() != null && spec.parent().name().equals("campaign")) {
      return Reads.CAMPAIGN_FILE;
    }
    return Reads.NOTHING_CHECKED;
  }

  /** Every problem of the commands, as {@code page:line: command (why)}. */
  List<String> problems(List<DocumentedCommands.Command> commands) {
    List<String> problems = new ArrayList<>();
    for (DocumentedCommands.Command command : commands) {
      String why = why(command);
      if (why != null) {
        String shown = command.text().substring(DocumentedCommands.PREFIX.length()).strip().replaceAll("\\s+", " ");
        problems.add(command.page() + ":" + command.line() + ": " + shown + " (" + why + ")");
      }
    }
    return problems;
  }

  private String why(DocumentedCommands.Command command) {
    if (command.problem() != null) {
      return command.problem();
    }
    ParseResult parsed;
    try {
      parsed = CommitbenchMain.commandLine().parseArgs(command.args().toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      return e.getMessage();
    }
    boolean help = false;
    ParseResult last = parsed;
    for (ParseResult p = parsed; p != null; p = p.subcommand()) {
      help |= p.isUsageHelpRequested() || p.isVersionHelpRequested();
      last = p;
    }
    Reads reads = reads(last.commandSpec());
    List<String> settings = last.matchedOptionValue(SET, List.<String>of());
    if (help || command.expands() || command.parseOnly() || reads == Reads.NOTHING_CHECKED
        || settings.stream().anyMatch(this::namesAPathOfTheReaders)) {
      return null;
    }
    List<String> files = last.matchedPositionals().stream().flatMap(p -> p.originalStringValues().stream())
        .toList();
    List<String> problems = new ArrayList<>();
    for (String file : files) {
      Path path = tree.root().resolve(file).normalize();
      if (!Files.exists(path)) {
        if (tree.name(path).startsWith("config/") || tree.name(path).matches("drivers/[^/]+/config/.*")) {
          problems.add(file + ": no such file");
        }
        continue;
      }
      List<Violation> violations = reads == Reads.CAMPAIGN_FILE ? campaignViolations(path)
          : parameterViolations(path, settings, NO_RUN_LENGTH.contains(last.commandSpec().qualifiedName()));
      violations.forEach(v -> problems.add(file + ": " + v));
    }
    return problems.isEmpty() ? null : String.join("; ", problems);
  }

  /** Whether a {@code --set} names a managed instance or password file that is not here, so is the reader's. */
  private boolean namesAPathOfTheReaders(String setting) {
    int equals = setting.indexOf('=');
    return equals > 0 && READERS_PATHS.contains(setting.substring(0, equals).strip())
        && !Files.exists(tree.root().resolve(setting.substring(equals + 1).strip()));
  }

  private List<Violation> parameterViolations(Path file, List<String> settings, boolean withoutRunLength) {
    try {
      Map<String, String> overrides = Overrides.parse(settings, SET);
      if (withoutRunLength) {
        binder.bindWithoutRunLength(file, overrides);
      } else {
        binder.bind(file, overrides);
      }
      return List.of();
    } catch (ConfigException e) {
      return e.violations();
    }
  }

  private static List<Violation> campaignViolations(Path file) {
    try {
      CampaignFile.read(file);
      return List.of();
    } catch (CampaignFileException e) {
      return e.violations();
    }
  }
}
