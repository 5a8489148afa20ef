package io.commitbench.it.vm;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Shell commands the VM runs in order, stopping at the first that fails (the way {@code set -e}
 * would). Each command is one {@code bash -c} in the guest: it may hold pipes, {@code &&} and
 * several lines, but nothing (working directory, variables) carries over to the next. The programs
 * are this host's (lvm, mkfs.*, losetup, mount ...), busybox's for the rest.
 * Several scripts can share one boot; a failing script does not stop the ones after it.
 *
 * @param name what the script is about, e.g. {@code lvm-classic-3}: letters, digits, {@code . _ -}
 * @param commands at least one, none blank
 */
public record GuestScript(String name, List<String> commands) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,40}");

  public GuestScript {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("script name '" + name + "' is not allowed: use 1-40 letters, digits, '.', '_', '-'");
    }
    commands = List.copyOf(commands);
    if (commands.isEmpty()) {
      throw new IllegalArgumentException("script " + name + " has no commands");
    }
    for (int i = 0; i < commands.size(); i++) {
      if (commands.get(i).isBlank() || commands.get(i).indexOf('\0') >= 0) {
        throw new IllegalArgumentException("command " + (i + 1) + " of script " + name + " is blank or holds a NUL byte");
      }
    }
  }
}
