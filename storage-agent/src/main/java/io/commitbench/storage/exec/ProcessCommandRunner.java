package io.commitbench.storage.exec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs commands as processes of this host, reading their output on separate threads so a chatty
 * command cannot fill a pipe and stall, and killing one that runs past the time limit.
 */
public final class ProcessCommandRunner implements CommandRunner {

  private final Duration timeout;

  public ProcessCommandRunner(Duration timeout) {
    this.timeout = timeout;
  }

  /** A runner with a ten-minute limit per command, long enough for a slow mkfs or a copy. */
  public static ProcessCommandRunner standard() {
    return new ProcessCommandRunner(Duration.ofMinutes(10));
  }

  @Override
  public CommandResult attempt(Command command) throws CommandFailedException {
    Process process;
    try {
      process = new ProcessBuilder(command.processArgv()).redirectInput(ProcessBuilder.Redirect.PIPE).start();
      process.getOutputStream().close();
    } catch (IOException e) {
      throw new CommandFailedException(command, "cannot start: " + e.getMessage(), e);
    }
    CompletableFuture<String> out = drain(process.getInputStream());
    CompletableFuture<String> err = drain(process.getErrorStream());
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new CommandFailedException(command, "no end after " + timeout.toSeconds() + " s, killed", null);
      }
      return new CommandResult(command, process.exitValue(), out.get(), err.get());
    } catch (InterruptedException e) {
      process.destroy();
      Thread.currentThread().interrupt();
      throw new CommandFailedException(command, "interrupted", e);
    } catch (ExecutionException e) {
      throw new CommandFailedException(command, "cannot read its output", e.getCause());
    }
  }

  private static CompletableFuture<String> drain(InputStream in) {
    // A thread of its own per stream: the common pool may have a single worker on a small host,
    // and a reader queued behind the other one would let the process block on a full pipe.
    return CompletableFuture.supplyAsync(() -> {
      try (in) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        in.transferTo(buffer);
        return buffer.toString(StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }, task -> {
      Thread reader = new Thread(task, "command-output");
      reader.setDaemon(true);
      reader.start();
    });
  }
}
