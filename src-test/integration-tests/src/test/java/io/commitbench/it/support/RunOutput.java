package io.commitbench.it.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One finished run: the command's exit code and output, and its result folder
 * {@code results.dir/<run.id>/}.
 */
public record RunOutput(Commitbench.CliResult cli, Path directory) {

  private static final ObjectMapper JSON = new ObjectMapper();

  public int exitCode() {
    return cli.exitCode();
  }

  /** {@code summary.json}, parsed. */
  public JsonNode summary() {
    return summary(directory);
  }

  public static JsonNode summary(Path runDirectory) {
    try {
      return JSON.readTree(runDirectory.resolve("summary.json").toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read summary.json of " + runDirectory, e);
    }
  }

  /** {@code report.txt}. */
  public String report() {
    return file("report.txt");
  }

  /** A result file as text. */
  public String file(String name) {
    try {
      return Files.readString(directory.resolve(name), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + name + " of " + directory, e);
    }
  }

  /** For assertion messages: the exit code and everything the run printed. */
  public String describe() {
    return cli.describe();
  }
}
