package io.commitbench.cli;

import io.commitbench.core.HarnessVersion;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the harness version and the Java it runs on. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {
      "commitbench " + HarnessVersion.get(),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
