package io.commitbench.core.breakdown;

/**
 * A part that a source could not measure, and why (no extension, no privilege, no tracepoint, a
 * server on another host): shown as unmeasured, never estimated.
 *
 * @param name one of {@link CommitParts}, or a source's name when the whole source is missing
 * @param reason one line, naming what is missing and how to get it
 */
public record UnmeasuredPart(String name, String reason) {}
