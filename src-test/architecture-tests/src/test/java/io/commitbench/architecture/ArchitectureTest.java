package io.commitbench.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static io.commitbench.architecture.CommitbenchClasses.ALL;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.domain.properties.HasOwner;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The rules the modules are built to: they keep the package graph acyclic, each module to what
 * its POM declares, the generic code free of every database kind, and {@code System.exit} in the
 * CLI's entry point. {@link ArchitectureRulesTest} shows the module rules failing on fixtures. Each test names
 * what broke it and where.
 */
class ArchitectureTest {

  private static final Modules MODULES = Modules.COMMITBENCH;

  /** The core, the storage agent, campaigns and the CLI: every class outside the kinds' own packages. */
  private static final DescribedPredicate<JavaClass> GENERIC = MODULES.generic();

  /** Each package of harness-core is a slice; none may reach back to one that reaches it. */
  @Test
  void harnessCorePackagesAreFreeOfCycles() {
    ArchRule rule = slices().matching("io.commitbench.core.(**)").should().beFreeOfCycles();
    rule.check(ALL);
  }

  /**
   * Each top-level package of harness-core, with its subpackages, is a slice: a workload's own
   * package ({@code workload.paper}) belongs to {@code workload}, so no package tree may reach back
   * to one that reaches it. The rule above sees each package alone; this one sees the trees.
   */
  @Test
  void harnessCorePackageTreesAreFreeOfCycles() {
    ArchRule rule = slices().matching("io.commitbench.core.(*)..").should().beFreeOfCycles();
    rule.check(ALL);
  }

  @Test
  void storagePackagesAreFreeOfCycles() {
    ModuleRules.storagePackagesAreFreeOfCycles(MODULES).check(ALL);
  }

  @Test
  void journalKnowsNeitherPlanNorUndo() {
    ModuleRules.journalKnowsNeitherPlanNorUndo(MODULES).check(ALL);
  }

  /** Every package of every module (drivers, campaigns and the CLI too) is a slice, in no cycle. */
  @Test
  void allPackagesAreFreeOfCycles() {
    ArchRule rule = slices().matching(MODULES.pkg("(**)")).should().beFreeOfCycles();
    rule.check(ALL);
  }

  /** The modules' packages form a one-way chain too: core below agent below campaigns and the CLI. */
  @Test
  void topLevelPackagesAreFreeOfCycles() {
    ArchRule rule = slices().matching("io.commitbench.(*)..").should().beFreeOfCycles();
    rule.check(ALL);
  }

  /**
   * harness-core's modules, the drivers, the storage agent, the kinds' storage modules, campaigns
   * and the CLI each use only what their POMs declare: the CLI names no kind (the kinds are its
   * runtime dependencies, found through ServiceLoader), the engine no workload.
   */
  @Test
  void modulesUseOnlyWhatTheirPomsDeclare() {
    ModuleRules.modulesUseOnlyWhatTheirPomsDeclare(MODULES, false).check(ALL);
  }

  @Test
  void everyClassIsInOneModule() {
    ModuleRules.everyClassIsInOneModule(MODULES).check(ALL);
  }

  /** A kind's folder has a driver package; one missing from {@link Modules#KINDS} would count as generic. */
  @Test
  void everyDriverPackageIsAListedKind() {
    ArchRule rule = classes().that().resideInAPackage(MODULES.pkg("driver.."))
        .should().resideInAnyPackage(Modules.KINDS.stream().map(kind -> MODULES.pkg("driver." + kind + "..")).toArray(String[]::new))
        .because("each kind is listed in Modules.KINDS, so its storage package is known as a kind's");
    rule.check(ALL);
  }

  /** Each kind's code (its driver and its storage module) is one slice: {@code postgresql}, {@code mariadb}, … */
  private static final SliceAssignment KINDS = new SliceAssignment() {
    private final Pattern kindPackage = Pattern.compile("io\\.commitbench\\.(?:driver|storage)\\.([^.]+)(?:\\..*)?");

    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      Matcher m = kindPackage.matcher(javaClass.getPackageName());
      boolean kind = m.matches() && JavaClass.Predicates.resideInAnyPackage(MODULES.kindPackages()).test(javaClass);
      return kind ? SliceIdentifier.of(m.group(1)) : SliceIdentifier.ignore();
    }

    @Override
    public String getDescription() {
      return "database kinds";
    }
  };

  /** A kind's modules use their own kind's code only: a new kind comes without touching another's. */
  @Test
  void kindsDoNotDependOnEachOther() {
    ArchRule rule = slices().assignedFrom(KINDS).should().notDependOnEachOther()
        .because("each kind is found through ServiceLoader by its dialect's name, never through another kind");
    rule.check(ALL);
  }

  @Test
  void genericCodeDoesNotDependOnAnyKind() {
    ModuleRules.genericCodeDoesNotDependOnAnyKind(MODULES).check(ALL);
  }

  @Test
  void genericClassesAreNotNamedAfterAKind() {
    ArchRule rule = noClasses().that(GENERIC).should().haveNameMatching(".*\\.[^.]*(Postgres|Mariadb|MariaDb|Mysql|MySql|Oracle|H2)[^.]*")
        .because("what one kind does lives in that kind's module (drivers/KIND/dialect, drivers/KIND/storage)");
    rule.check(ALL);
  }

  @Test
  void genericClassesSpellNoKindsNamesUrlPrefixesOrLogFiles() {
    ArchRule rule = classes().that(GENERIC).should(VendorStrings.holdNoVendorStrings());
    rule.check(ALL);
  }

  /** A run is put together in one place, so the CLI and campaigns cannot each do it their own way. */
  @Test
  void runsAreAssembledInTheCoreOnly() {
    ArchRule rule = noClasses().that().resideOutsideOfPackage("io.commitbench.core..")
        .should().callConstructorWhere(com.tngtech.archunit.core.domain.JavaConstructorCall.Predicates.target(
            com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
                JavaClass.Predicates.equivalentTo(io.commitbench.core.run.BenchmarkRun.class))))
        .because("RunAssembly builds a run from its configuration: the dialect, checked, and the companions its keys"
            + " ask for");
    rule.check(ALL);
  }

  /**
   * Plan → apply → journal is one mechanism: every storage operation that changes the host runs
   * its plan's steps through {@code plan.Applier}, which begins the operation's journal and
   * journals what ran. A command or domain class that began a journal of its own would act
   * beside the mechanism, with a plan built apart from what it runs.
   */
  @Test
  void onlyThePlanApplierBeginsStorageJournals() {
    ArchRule rule = noClasses().that().doNotHaveFullyQualifiedName("io.commitbench.storage.plan.Applier")
        .and().doNotHaveFullyQualifiedName("io.commitbench.storage.journal.Journal")
        .should().callMethodWhere(JavaCall.Predicates.target(HasName.Predicates.name("begin"))
            .and(JavaCall.Predicates.target(HasOwner.Predicates.With.owner(
                HasName.Predicates.name("io.commitbench.storage.journal.Journal")))))
        .because("state-changing storage commands apply their plan through the one Applier, which journals it");
    rule.check(ALL);
  }

  /**
   * The agent runs OS commands through {@code exec} only (a runner that drains both streams,
   * enforces a timeout and checks the exit code; style.md, 14), so every command a plan holds
   * is the one that runs, and the applier sees it.
   */
  @Test
  void onlyTheExecPackageStartsProcesses() {
    // The kernel's view of a run's log I/O watches the server with perf for as long as the run
    // measures: a monitor that changes nothing, so no plan or journal has anything to record.
    ArchRule rule = noClasses().that().resideOutsideOfPackage("io.commitbench.storage.exec..")
        .and().doNotHaveFullyQualifiedName("io.commitbench.core.host.trace.PerfTraceProcess")
        .should().callConstructor(ProcessBuilder.class, String[].class)
        .orShould().callConstructor(ProcessBuilder.class, java.util.List.class)
        .orShould().callMethod(Runtime.class, "exec", String.class)
        .orShould().callMethod(Runtime.class, "exec", String[].class)
        .because("commands run through storage.exec (CommandRunner, DetachedStart), where plans and journals see"
            + " them");
    rule.check(ALL);
  }

  @Test
  void onlyTheEntryPointCallsSystemExit() {
    ArchRule rule = noClasses().that().doNotHaveFullyQualifiedName("io.commitbench.cli.CommitbenchMain")
        .should().callMethod(System.class, "exit", int.class)
        .orShould().callMethod(Runtime.class, "exit", int.class)
        .orShould().callMethod(Runtime.class, "halt", int.class)
        .because("only main ends the process; everything else reports and returns (style.md, 12)");
    rule.check(ALL);
  }
}
