package io.commitbench.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each module rule, given the root of a fixture that breaks it (package {@code fixture}), reports
 * that break and only that one: the rules {@link ArchitectureTest} checks the product with can
 * fail, and fail for the reason they are written for.
 */
class ArchitectureRulesTest {

  private static final String FIXTURES = "io.commitbench.architecture.fixture.";

  @Test
  void theEngineUsingABuiltInWorkloadBreaksTheModuleRule() {
    Modules modules = new Modules(FIXTURES + "engineworkload");

    List<String> violations = violations(ModuleRules.modulesUseOnlyWhatTheirPomsDeclare(modules, true), modules);

    assertThat(violations).isNotEmpty()
        .allSatisfy(violation -> assertThat(violation).contains("RunThatBuildsItsWorkload", "FixturePaperWorkload"));
  }

  @Test
  void theFixtureModulesAreEachInOneModule() {
    Modules modules = new Modules(FIXTURES + "engineworkload");

    assertThat(violations(ModuleRules.everyClassIsInOneModule(modules), modules)).isEmpty();
  }

  @Test
  void genericCodeNamingAKindBreaksTheKindRule() {
    Modules modules = new Modules(FIXTURES + "kindname");

    List<String> violations = violations(ModuleRules.genericCodeDoesNotDependOnAnyKind(modules), modules);

    assertThat(violations).isNotEmpty()
        .allSatisfy(violation -> assertThat(violation).contains("RunThatPicksItsDialect", "FixturePostgresqlDialect"));
  }

  @Test
  void planAndJournalUsingEachOtherBreakTheCycleRule() {
    Modules modules = new Modules(FIXTURES + "planjournal");

    List<String> violations = violations(ModuleRules.storagePackagesAreFreeOfCycles(modules), modules);

    assertThat(violations).singleElement().asString()
        .contains("Cycle detected", "FixtureApplier", "FixtureJournal");
  }

  @Test
  void aJournalThatKnowsThePlanBreaksTheJournalRule() {
    Modules modules = new Modules(FIXTURES + "planjournal");

    List<String> violations = violations(ModuleRules.journalKnowsNeitherPlanNorUndo(modules), modules);

    assertThat(violations).isNotEmpty()
        .allSatisfy(violation -> assertThat(violation).contains("FixtureJournal", "FixtureApplier"));
  }

  /** The rule's violations over the fixture's classes, one line (or block, for a cycle) each. */
  private static List<String> violations(ArchRule rule, Modules modules) {
    JavaClasses fixture = new ClassFileImporter().importPackages(modules.root());
    return rule.evaluate(fixture).getFailureReport().getDetails();
  }
}
