package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.InstanceEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine of the kind {@code fake}, registered for this module's tests only: a server driven by
 * one program, {@code BIN/fakectl}, whose log is the single file {@code LOGDIR/fake.log}. What it
 * answers is up to the test's command runner ({@link FakeKindServer}).
 */
public final class FakeKindEngine implements InstanceEngine {

  public static final String KIND = "fake";
  public static final String LOG_FILE = "fake.log";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String osUser() {
    return System.getProperty("user.name");
  }

  @Override
  public Path findBinaries() {
    return Path.of("/opt/fake/bin");
  }

  @Override
  public String version(Path binDir, CommandRunner runner) {
    return "1.0";
  }

  @Override
  public List<Command> initCommands(InstanceDescriptor d) {
    return List.of(ctl(d, "-L", d.logDir().toString(), "init"));
  }

  @Override
  public void start(InstanceDescriptor d, CommandRunner runner) throws IOException {
    runner.run(startCommand(d));
  }

  @Override
  public Command startCommand(InstanceDescriptor d) {
    Command start = ctl(d, "-L", d.logDir().toString(), "start");
    return d.cgroup().map(start::inCgroup).orElse(start);
  }

  @Override
  public void stop(InstanceDescriptor d, CommandRunner runner) throws IOException {
    for (Command c : stopCommands(d)) {
      runner.run(c);
    }
  }

  @Override
  public List<Command> stopCommands(InstanceDescriptor d) {
    return List.of(ctl(d, "stop"));
  }

  @Override
  public boolean running(InstanceDescriptor d, CommandRunner runner) throws IOException {
    return runner.attempt(ctl(d, "status")).succeeded();
  }

  @Override
  public Command sql(InstanceDescriptor d, String statements) {
    return Command.of(d.binDir().resolve("fakesql").toString(), "-c", statements);
  }

  @Override
  public void settle(InstanceDescriptor d, CommandRunner runner) throws IOException {
    runner.run(sql(d, "CHECKPOINT"));
  }

  @Override
  public String createTestDatabase() {
    return "CREATE DATABASE test";
  }

  @Override
  public String jdbcUrl(InstanceDescriptor d) {
    return "jdbc:fake://127.0.0.1:" + d.port() + "/test";
  }

  @Override
  public String dbUser() {
    return "admin";
  }

  @Override
  public Path logIn(Path logDir) {
    return logDir.resolve(LOG_FILE);
  }

  private static Command ctl(InstanceDescriptor d, String... args) {
    List<String> argv = new ArrayList<>(List.of(d.binDir().resolve("fakectl").toString(), "-D",
        d.dataDir().toString()));
    argv.addAll(List.of(args));
    return Command.of(argv);
  }
}
