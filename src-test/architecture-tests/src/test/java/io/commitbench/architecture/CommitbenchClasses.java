package io.commitbench.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * Every module's main classes, imported once: harness-core, the drivers and the kinds' storage
 * modules, the storage agent, campaigns and the CLI (all on this module's test class path).
 */
final class CommitbenchClasses {

  /** The packages of every database kind: its dialect and what the storage agent knows of it. */
  static final String[] KIND_PACKAGES = {"io.commitbench.driver..", "io.commitbench.storage.postgresql..",
      "io.commitbench.storage.mariadb..", "io.commitbench.storage.oracle.."};

  /**
   * The generic packages: the core, the storage agent, campaigns and the CLI. The CLI's help text
   * may name products (annotation values are not string constants of its code); its code may not.
   */
  static final String[] GENERIC_PACKAGES = {"io.commitbench.core..", "io.commitbench.storage..",
      "io.commitbench.campaign..", "io.commitbench.cli.."};

  static final JavaClasses ALL = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("io.commitbench");

  private CommitbenchClasses() {}
}
