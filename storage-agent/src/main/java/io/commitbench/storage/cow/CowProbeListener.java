package io.commitbench.storage.cow;

import java.time.Duration;

/**
 * Told what a running probe does, so a user watching a fill of many gigabytes knows it is still
 * working and sees each command as it runs. Called on the probing thread, never on a worker.
 */
public interface CowProbeListener {

  /** Ignores everything. */
  CowProbeListener NONE = new CowProbeListener() {
    @Override
    public void progress(String phase, long done, long total, Duration elapsed) {}

    @Override
    public void action(String text) {}
  };

  /** A long phase ({@code fill}, {@code rewrite}, {@code read}) has moved {@code done} of {@code total} bytes. */
  void progress(String phase, long done, long total, Duration elapsed);

  /** Something the probe does now: a command ({@code $ btrfs subvolume snapshot …}), a file made or removed. */
  void action(String text);
}
