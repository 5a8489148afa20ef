package io.commitbench.cli.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The documentation of a repository rooted at {@code root}: its {@code README.md} and every
 * Markdown file under {@code docs/}, and the parameter files they are to show: those under
 * {@code config/} and each database kind's under {@code drivers/KIND/config/}.
 * Commands in the pages run from the root, so their paths are resolved against it.
 */
record DocsTree(Path root) {

  DocsTree {
    root = root.toAbsolutePath().normalize();
  }

  /** This repository: the nearest folder above the working directory that holds pom.xml and config/. */
  static DocsTree ofThisRepository() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("config"))) {
        return new DocsTree(dir);
      }
    }
    throw new IllegalStateException("no folder holding pom.xml and config/ above " + Path.of("").toAbsolutePath());
  }

  /** README.md (when there is one), then docs/**.md in path order. */
  List<Path> pages() {
    List<Path> pages = new ArrayList<>();
    if (Files.isRegularFile(root.resolve("README.md"))) {
      pages.add(root.resolve("README.md"));
    }
    pages.addAll(files("docs").stream().filter(p -> p.getFileName().toString().endsWith(".md")).toList());
    return pages;
  }

  /** Every file under config/ and drivers/KIND/config/, in path order, hidden files left out. */
  List<Path> configFiles() {
    List<Path> files = new ArrayList<>(files("config"));
    for (Path kind : folders("drivers")) {
      files.addAll(files(root.relativize(kind.resolve("config")).toString()));
    }
    return files;
  }

  /** A path as the pages and messages write it: relative to the root, with '/'. */
  String name(Path file) {
    return root.relativize(file.toAbsolutePath().normalize()).toString().replace('\\', '/');
  }

  private List<Path> folders(String folder) {
    Path dir = root.resolve(folder);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(dir)) {
      return list.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private List<Path> files(String folder) {
    Path dir = root.resolve(folder);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("."))
          .sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
