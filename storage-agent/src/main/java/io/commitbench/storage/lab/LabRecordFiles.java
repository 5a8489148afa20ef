package io.commitbench.storage.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The JSON records a lab keeps in one folder below its root (its tenants, its kept logs), in name order. */
final class LabRecordFiles {

  private LabRecordFiles() {}

  static List<Path> in(Path root, String folder) throws IOException {
    Path dir = root.resolve(folder);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    }
  }
}
