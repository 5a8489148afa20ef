package io.commitbench.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * Every module's main classes, imported once: harness-core, the drivers and the kinds' storage
 * modules, the storage agent, campaigns and the CLI (all on this module's test class path).
 */
final class CommitbenchClasses {

  static final JavaClasses ALL = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("io.commitbench");

  private CommitbenchClasses() {}
}
