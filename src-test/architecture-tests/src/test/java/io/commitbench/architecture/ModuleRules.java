package io.commitbench.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.List;
import java.util.Set;

/**
 * The rules that keep the modules apart, for the modules under one root package, so the same rule
 * that checks the product also checks the fixtures that break it ({@code ArchitectureRulesTest}).
 */
final class ModuleRules {

  private ModuleRules() {}

  /**
   * Each module uses only the modules its POM declares at compile scope and what they bring: the
   * engine no workload, the core no storage agent, generic modules no kind. A POM that gained a
   * dependency against the one-way order would build; this rule would not pass. Every module
   * has classes, unless {@code modulesMayBeAbsent} (a fixture holds only the modules of its case).
   */
  static ArchRule modulesUseOnlyWhatTheirPomsDeclare(Modules modules, boolean modulesMayBeAbsent) {
    LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (Modules.Module module : modules.all()) {
      layers = layers.layer(module.name()).definedBy(module.classes());
    }
    for (Modules.Module module : modules.all()) {
      Set<String> usable = modules.usable(module.name());
      layers = usable.isEmpty()
          ? layers.whereLayer(module.name()).mayNotAccessAnyLayer()
          : layers.whereLayer(module.name()).mayOnlyAccessLayers(usable.toArray(String[]::new));
    }
    return layers.withOptionalLayers(modulesMayBeAbsent).because("each module uses only what its POM declares at compile scope (docs/architecture.md)");
  }

  /** Every class of the modules' packages is in exactly one module, so no package escapes the rule above. */
  static ArchRule everyClassIsInOneModule(Modules modules) {
    return classes().that().resideInAnyPackage(modules.pkg("core.."), modules.pkg("driver.."),
            modules.pkg("storage.."), modules.pkg("campaign.."), modules.pkg("cli.."))
        .should(beInExactlyOneOf(modules.all()))
        .because("a new package is added to its module in Modules, beside the module's other packages");
  }

  static ArchRule genericCodeDoesNotDependOnAnyKind(Modules modules) {
    return noClasses().that(modules.generic()).should().dependOnClassesThat().resideInAnyPackage(modules.kindPackages())
        .because("a kind's code is found through ServiceLoader by the dialect's name, never named by generic code");
  }

  /**
   * Each package of the storage agent and the kinds' storage modules is a slice, and none reaches
   * back to one that reaches it.
   */
  static ArchRule storagePackagesAreFreeOfCycles(Modules modules) {
    return slices().matching(modules.pkg("storage.(**)")).should().beFreeOfCycles();
  }

  /** The journal is written by the plan's applier and read by undo, and knows neither. */
  static ArchRule journalKnowsNeitherPlanNorUndo(Modules modules) {
    return noClasses().that().resideInAPackage(modules.pkg("storage.journal.."))
        .should().dependOnClassesThat().resideInAnyPackage(modules.pkg("storage.plan.."), modules.pkg("storage.undo.."))
        .because("a journal is read back without the plan that wrote it");
  }

  private static ArchCondition<JavaClass> beInExactlyOneOf(List<Modules.Module> modules) {
    return new ArchCondition<>("be in exactly one module") {
      @Override
      public void check(JavaClass javaClass, ConditionEvents events) {
        List<String> owners = modules.stream().filter(module -> module.classes().test(javaClass))
            .map(Modules.Module::name).toList();
        if (owners.size() != 1) {
          events.add(SimpleConditionEvent.violated(javaClass, javaClass.getName() + " is in "
              + (owners.isEmpty() ? "no module" : "modules " + owners)));
        }
      }
    };
  }
}
