package io.commitbench.storage.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device models' C unit tests: every {@code test_X_model.c} in the device-models directory is
 * compiled with {@code X_model.c} and {@code model_common.c}, warnings as errors, and run there
 * (it reads the profiles beside it); it must exit 0. A new model's test is picked up by its name.
 */
class DeviceModelArithmeticTest {

  private static final Path MODELS = Path.of("src", "main", "device-models");
  private static final long TIMEOUT_SECONDS = 120;

  @TempDir Path build;

  @TestFactory
  Stream<DynamicTest> everyModelsArithmeticTestPasses() throws IOException {
    Path dir = modelsDirectory();
    List<Path> tests;
    try (Stream<Path> files = Files.list(dir)) {
      tests = files.filter(p -> p.getFileName().toString().matches("test_[a-z0-9]+_model\\.c"))
          .sorted().collect(Collectors.toList());
    }
    assertThat(tests).as("test_*_model.c files in %s", dir).isNotEmpty();
    return tests.stream().map(test -> DynamicTest.dynamicTest(test.getFileName().toString(),
        () -> compileAndRun(dir, test)));
  }

  private static Path modelsDirectory() {
    // Maven runs the module's tests in the module; an IDE may run them from the repository root.
    for (Path candidate : List.of(MODELS, Path.of("storage-agent").resolve(MODELS))) {
      if (Files.isDirectory(candidate)) {
        return candidate.toAbsolutePath();
      }
    }
    throw new IllegalStateException("no device-models directory at " + MODELS.toAbsolutePath());
  }

  private void compileAndRun(Path dir, Path test) throws Exception {
    String name = test.getFileName().toString();
    String model = name.substring("test_".length());
    Path binary = build.resolve(name.substring(0, name.length() - 2));
    List<String> compile = List.of("cc", "-O2", "-Wall", "-Werror", "-o", binary.toString(), name,
        model, "model_common.c", "-lm");
    Result cc;
    try {
      cc = run(dir, compile);
    } catch (IOException e) {
      fail("cannot run the C compiler 'cc' (" + e.getMessage()
          + "); scripts/test-host-setup.sh installs gcc");
      return;
    }
    if (cc.exit != 0) {
      fail(String.join(" ", compile) + " exited " + cc.exit + " in " + dir + ":\n" + cc.output);
    }
    Result result = run(dir, List.of(binary.toString()));
    if (result.exit != 0) {
      fail(name + " exited " + result.exit + ":\n" + result.output);
    }
  }

  private record Result(int exit, String output) {}

  private static Result run(Path dir, List<String> command) throws Exception {
    Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .start();
    byte[] out = process.getInputStream().readAllBytes();
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      return new Result(-1, "did not finish within " + TIMEOUT_SECONDS + " s\n"
          + new String(out, StandardCharsets.UTF_8));
    }
    return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8));
  }
}
