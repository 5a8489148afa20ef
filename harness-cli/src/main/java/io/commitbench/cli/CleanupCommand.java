package io.commitbench.cli;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.key.EchoedValue;
import io.commitbench.core.namespace.LeftoverDrops;
import io.commitbench.core.namespace.LeftoverFinder;
import io.commitbench.core.namespace.Owner;
import io.commitbench.core.namespace.OwnerScope;
import io.commitbench.core.namespace.RunId;
import io.commitbench.core.namespace.RunLeftovers;
import io.commitbench.core.run.AdminLogin;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import java.io.PrintWriter;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code commitbench cleanup FILE}: lists the tables and users commitbench runs left on the
 * database of a parameter file (after a kill, or with cleanup=false), and drops them with {@code
 * --apply}. Only what carries commitbench's mark and names the owner acted for (by default the
 * caller's own), never what a run that looks live still uses.
 */
@Command(
    name = "cleanup",
    mixinStandardHelpOptions = true,
    description = {
      "Lists the tables and users runs left behind; drops the caller's own with --apply.",
      "",
      "It looks on the database of a parameter file (db.url, db.user and the password options, as",
      "for 'run'; --set overrides them); with --apply it drops the objects its plan lists: users",
      "first, then tables. Without --apply it only prints the plan.",
      "",
      "A run (and 'prepare') marks every table it creates with a comment naming the run id, its",
      "owner (the owner key; default <os user>@<host>), host, OS user, process and start time (and",
      "every user where the database keeps comments on users: PostgreSQL, H2); MariaDB and Oracle",
      "users belong to the run whose tables' mark names their user.prefix.",
      "",
      "Only marked objects are dropped, and only those of one owner: the parameter file's owner",
      "(or --set owner=NAME), another with --owner, every owner with --all-owners. The others are",
      "listed as 'kept: owner NAME', such as a data set someone else prepared and kept; a mark that",
      "names no owner is kept unless --all-owners is given. Objects without the mark that match",
      "--prefix are listed as not created by commitbench and are never dropped. The objects of a",
      "run that looks live are kept: its process still runs on this host, or the server has",
      "sessions of its users (a run in users.mode=shared on another host cannot be told from a",
      "finished one: check before --apply)."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:listed (without --apply) or dropped; also when nothing was found, or when other owners'"
        + " objects were kept",
      "1:a drop failed (each failure is printed with the server's answer), or the database could not be reached",
      "2:bad input (options, parameter file, values); nothing was dropped",
      "3:with --apply: objects of a run of the owner acted for were kept, as the run looks live"},
    footer = {"", "Example: commitbench cleanup drivers/postgresql/config/paper-postgresql.properties",
      "Example: commitbench cleanup drivers/postgresql/config/paper-postgresql.properties --prefix cb_load_ --apply",
      "Example: commitbench cleanup drivers/postgresql/config/paper-postgresql.properties --run-id 20250425-143012-postgresql --apply",
      "Example: commitbench cleanup config/oltp.properties --owner alice@lab1 --prefix sbtest --apply", "",
      "Documentation: docs/shared-servers.md"})
final class CleanupCommand implements Callable<Integer> {

  @Mixin ConfigOptions options;

  @Option(names = "--prefix", paramLabel = "PREFIX",
      description = "Only tables and users whose names start with PREFIX (a table.prefix or user.prefix);"
          + " unmarked ones that match are listed, never dropped.")
  String prefix;

  @Option(names = "--run-id", paramLabel = "RUN_ID", description = "Only the objects of this run (its results folder's"
      + " name: letters, digits, '.', '_', '-', as run.id takes).")
  String runId;

  @Option(names = "--owner", paramLabel = "OWNER", description = "Act for this owner instead of the parameter"
      + " file's owner key (default: <os user>@<host>): drop its objects, keep every other owner's.")
  String owner;

  @Option(names = "--all-owners", description = "Drop the objects of every owner, those whose mark names no owner"
      + " included; not with --owner.")
  boolean allOwners;

  @Option(names = "--apply", description = "Drop what is listed; without it only the plan is printed.")
  boolean apply;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (prefix != null && !prefix.matches("[a-z][a-z0-9_]*")) {
      err.println("error: --prefix " + EchoedValue.of(prefix) + ": not a prefix of commitbench's names; allowed: a lower-case"
          + " identifier (a-z, 0-9, _; starting with a letter)");
      return ExitCodes.BAD_INPUT;
    }
    if (runId != null && RunId.problem(runId).isPresent()) {
      err.println("error: --run-id " + EchoedValue.of(runId) + ": " + RunId.problem(runId).get() + "; allowed: "
          + RunId.ALLOWED);
      return ExitCodes.BAD_INPUT;
    }
    if (owner != null && allOwners) {
      err.println("error: --owner " + EchoedValue.of(owner) + " given with --all-owners; allowed: one of them");
      return ExitCodes.BAD_INPUT;
    }
    if (owner != null && Owner.problem(owner).isPresent()) {
      err.println("error: --owner " + EchoedValue.of(owner) + ": " + Owner.problem(owner).get() + "; allowed: "
          + Owner.ALLOWED);
      return ExitCodes.BAD_INPUT;
    }
    DialectRegistry dialects = DialectRegistry.load();
    BenchmarkConfig config;
    try {
      config = options.bindWithoutRunLength(dialects);
    } catch (ConfigException e) {
      return ConfigErrors.report(e, err);
    }
    OwnerScope scope = allOwners ? OwnerScope.everyOwner() : OwnerScope.of(owner != null ? owner : config.owner());
    Dialect dialect = dialects.byName(config.dbType()).orElseThrow();
    try (Connection admin = AdminLogin.open(config, dialect)) {
      String qualifier = dialect.centralQualifier(admin);
      LeftoverFinder.Found found = new LeftoverFinder(dialect, admin, qualifier)
          .find(Optional.ofNullable(prefix), Optional.ofNullable(runId));
      LeftoverDrops drops = new LeftoverDrops(dialect, qualifier);
      Plan.Builder plan = new Plan.Builder("drop what commitbench runs of " + scope.describe() + " left in "
          + dialect.name() + " " + config.effective().get("db.url") + (qualifier == null ? "" : ", " + qualifier)
          + (prefix == null ? "" : ", names starting with " + prefix) + (runId == null ? "" : ", run " + runId));
      List<LeftoverDrops.Drop> toDrop = new ArrayList<>();
      List<RunLeftovers> live = new ArrayList<>();
      List<RunLeftovers> othersOwn = new ArrayList<>();
      for (RunLeftovers run : found.runs()) {
        if (!scope.covers(run.mark())) {
          othersOwn.add(run);
          continue;
        }
        if (run.live().isPresent()) {
          live.add(run);
          continue;
        }
        List<LeftoverDrops.Drop> runDrops = drops.of(run);
        toDrop.addAll(runDrops);
        plan.step(new PlannedStep(run.mark().describe() + ": " + objects(run), runDrops.stream()
            .map(CleanupCommand::line).toList()));
      }
      live.forEach(run -> plan.note("kept, the run looks live: " + run.mark().describe() + " (" + objects(run)
          + "): " + run.live().orElseThrow()));
      othersOwn.forEach(run -> plan.note("kept: " + OwnerScope.whyKept(run.mark()) + ": " + run.mark().describe()
          + " (" + objects(run) + ")"));
      found.unmarked().forEach(object -> plan.note("never dropped, not created by commitbench (no mark): " + object));
      found.sessionsUnknown().ifPresent(why -> plan.note(why + "; a run of another host may still be live"));
      if (found.runs().isEmpty()) {
        plan.note("no table or user of a commitbench run was found");
      } else if (othersOwn.size() == found.runs().size()) {
        plan.note("nothing of " + scope.describe() + " was found; what is listed is other owners'");
      }
      PlanOutput.show(plan.build(), apply, out);
      if (!apply) {
        return ExitCodes.OK;
      }
      List<String> failures = drops.apply(admin, toDrop);
      failures.forEach(f -> err.println("error: cannot drop " + f));
      out.println("dropped " + (toDrop.size() - failures.size()) + " of " + toDrop.size() + " objects"
          + (othersOwn.isEmpty() ? "" : "; kept those of " + count(othersOwn.size(), "run") + " of other owners"));
      out.flush();
      err.flush();
      if (!failures.isEmpty()) {
        return ExitCodes.RUN_FAILED;
      }
      // Other owners' objects are not this cleanup's to drop, so keeping them is no unfinished work.
      return live.isEmpty() ? ExitCodes.OK : ExitCodes.COMPLETED_NOT_CLEAN;
    }
  }

  /** One object's removal on one line: {@code table x: DROP TABLE ...} (a PL block's lines joined). */
  private static String line(LeftoverDrops.Drop drop) {
    return drop.what() + ": " + String.join("; ", drop.statements()).replaceAll("\\s*\\R\\s*", " ");
  }

  private static String objects(RunLeftovers run) {
    return count(run.tables().size(), "table") + ", " + count(run.users().size(), "user");
  }

  private static String count(int n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }
}
