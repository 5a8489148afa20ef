package io.commitbench.storage.layout;

import java.time.Instant;

/**
 * One snapshot a layout has (or had begun to make: it is recorded before it is made).
 *
 * @param number 1, 2, … in the order taken
 * @param name {@code snapN}
 * @param kind the backend that made it: {@code lvm-classic}, {@code lvm-thin} or {@code btrfs-subvolume}
 * @param location the logical volume ({@code cb_ID/snapN}) or the subvolume's path ({@code ROOT/mnt/snapN})
 * @param created when it was taken
 */
public record LayoutSnapshot(int number, String name, String kind, String location, Instant created) {}
