package io.commitbench.core.run;

import io.commitbench.core.HarnessVersion;
import io.commitbench.core.companion.CompanionContext;
import io.commitbench.core.companion.CompanionRefusedException;
import io.commitbench.core.companion.RunCompanions;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import java.io.PrintWriter;

/**
 * Puts a run together from its configuration, in one place for every caller ({@code commitbench
 * run}, repeated runs, campaign cells): the dialect the configuration names, checked to run here,
 * and the companions its keys ask for, each handed the typed configuration and an admin login
 * with the run's timeouts. Callers only parse their arguments and print.
 *
 * <p>Immutable and thread-safe; each {@link #assemble} makes a new run.
 */
public final class RunAssembly {

  private final DialectRegistry dialects;
  private final RunCompanions companions;
  private final String harnessVersion;

  public RunAssembly(DialectRegistry dialects, RunCompanions companions, String harnessVersion) {
    this.dialects = dialects;
    this.companions = companions;
    this.harnessVersion = harnessVersion;
  }

  /** With the dialects and companions on the class path, and this build's version. */
  public static RunAssembly standard(DialectRegistry dialects) {
    return new RunAssembly(dialects, RunCompanions.load(), HarnessVersion.get());
  }

  /**
   * A run of {@code config} that prints to {@code console}; nothing is contacted yet.
   *
   * @throws DialectUnavailableException when the database kind cannot run here (its driver is missing)
   * @throws CompanionRefusedException when a companion's keys ask for what cannot be (bad input)
   */
  public BenchmarkRun assemble(BenchmarkConfig config, PrintWriter console)
      throws DialectUnavailableException, CompanionRefusedException {
    Dialect dialect = dialectOf(config);
    CompanionContext context = new CompanionContext(config.settings(), dialect.name(),
        () -> AdminLogin.open(config, dialect));
    return new BenchmarkRun(config, dialect, harnessVersion, console).withCompanions(companions.create(context));
  }

  /**
   * The dialect of the configuration's database kind, when it can run in this build.
   *
   * @throws DialectUnavailableException naming the kind and why not (its driver is missing)
   */
  public Dialect dialectOf(BenchmarkConfig config) throws DialectUnavailableException {
    Dialect dialect = dialects.byName(config.dbType()).orElseThrow(() -> new IllegalStateException(
        "db.type=" + config.dbType() + " was validated against the dialects, yet none has that name"));
    if (!dialect.availability().available()) {
      throw new DialectUnavailableException("the " + dialect.name() + " dialect cannot run here: "
          + dialect.availability().reason());
    }
    return dialect;
  }
}
