package io.commitbench.storage.instance;

import java.util.Optional;

/**
 * What the help of {@code commitbench storage instance} says of one kind, so the command names no
 * kind itself.
 *
 * @param product the product's name: {@code PostgreSQL}
 * @param initProgram the program {@code create} runs to make the data directory: {@code initdb}
 * @param stop how {@code stop} shuts the server down: {@code fast shutdown}
 * @param newLog what a new instance's log is like when a measurement must mind it, and what to do
 *     about it, for the help of {@code write-log-through}; empty when there is nothing to mind
 */
public record EngineHelp(String product, String initProgram, String stop, Optional<String> newLog) {}
