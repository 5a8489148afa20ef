package io.commitbench.storage.format;

import io.commitbench.core.server.ConnectionSource;
import io.commitbench.storage.exec.CommandRunner;

/**
 * What a formatter is given to work with.
 *
 * @param connections administrative connections to the server (its own, not an actor's)
 * @param runner runs host commands such as {@code fstrim}
 * @param fstrim whether arms that call for it may run {@code fstrim} on the log's filesystem
 */
public record FormatterContext(ConnectionSource connections, CommandRunner runner, boolean fstrim) {}
