package io.commitbench.storage.cow;

import java.util.OptionalLong;

/**
 * What was done to the page cache before the read, and how much of the file was still cached.
 *
 * @param method what was done: {@code dd iflag=nocache count=0 (fadvise DONTNEED, this file only)}, …
 * @param dropped whether the drop was done; false when it was not asked for or could not be done
 * @param note why it was not done, or what to keep in mind; may be empty
 * @param residentBytes the file's bytes in the page cache just before the read ({@code fincore}), when known
 */
public record CacheState(String method, boolean dropped, String note, OptionalLong residentBytes) {}
