package io.commitbench.storage.cow;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandFailedException;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.Programs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Empties the page cache of the probe file (or of the host) before the linear read, then asks
 * {@code fincore} how much of the file is still cached, so the report can show the read did go to
 * the device. A drop that cannot be done (not root for {@code system}) is reported, not fatal.
 */
final class CacheDropper {

  static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  private final CommandRunner runner;
  private final Path dropCaches;

  CacheDropper(CommandRunner runner) {
    this(runner, DROP_CACHES);
  }

  CacheDropper(CommandRunner runner, Path dropCaches) {
    this.runner = runner;
    this.dropCaches = dropCaches;
  }

  /** The commands {@code drop} runs, as an operator would type them; for the plan. */
  List<String> actions(CacheDrop how, Path file) {
    return switch (how) {
      case FILE -> List.of(fileCommand(file).display(), fincore(file).display());
      case SYSTEM -> List.of("sync", "echo 1 > " + dropCaches, fincore(file).display());
      case NONE -> List.of(fincore(file).display());
    };
  }

  /** Empties the cache as asked; what could not be done is in the state's note, never thrown. */
  CacheState drop(CacheDrop how, Path file, CowProbeListener listener) {
    CacheState state = switch (how) {
      case FILE -> dropFile(file, listener);
      case SYSTEM -> dropSystem(listener);
      case NONE -> new CacheState("none", false, "not asked: the read may be served from memory", OptionalLong.empty());
    };
    return new CacheState(state.method(), state.dropped(), state.note(), resident(file));
  }

  private CacheState dropFile(Path file, CowProbeListener listener) {
    String method = "file: dd iflag=nocache count=0, posix_fadvise DONTNEED on the probe file only";
    Command dd = fileCommand(file);
    listener.action("$ " + dd.display());
    try {
      runner.run(dd);
    } catch (CommandFailedException e) {
      return new CacheState(method, false, "not done: " + e.getMessage(), OptionalLong.empty());
    }
    return new CacheState(method, true, "below a loop device, its backing file may still be cached",
        OptionalLong.empty());
  }

  private CacheState dropSystem(CowProbeListener listener) {
    String method = "system: sync; echo 1 > " + dropCaches;
    if (!Programs.runningAsRoot()) {
      return new CacheState(method, false, "not done: writing " + dropCaches + " needs root", OptionalLong.empty());
    }
    try {
      listener.action("$ sync");
      runner.run(Command.of("sync"));
      listener.action("$ echo 1 > " + dropCaches);
      Files.writeString(dropCaches, "1", StandardCharsets.US_ASCII);
    } catch (IOException e) {
      return new CacheState(method, false, "not done: " + e.getMessage(),
          OptionalLong.empty());
    }
    return new CacheState(method, true, "", OptionalLong.empty());
  }

  /** The file's cached bytes per {@code fincore}, or empty when there is no fincore or it fails. */
  private OptionalLong resident(Path file) {
    if (Programs.find("fincore").isEmpty()) {
      return OptionalLong.empty();
    }
    try {
      CommandResult r = runner.attempt(fincore(file));
      String out = r.stdout().strip();
      return r.succeeded() && out.matches("\\d+") ? OptionalLong.of(Long.parseLong(out)) : OptionalLong.empty();
    } catch (CommandFailedException e) {
      return OptionalLong.empty();
    }
  }

  static Command fileCommand(Path file) {
    return Command.of("dd", "if=" + file, "iflag=nocache", "count=0", "status=none");
  }

  static Command fincore(Path file) {
    return Command.of("fincore", "--bytes", "--noheadings", "--output", "RES", file.toString());
  }
}
