package io.commitbench.storage.exec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One external command the agent runs: its arguments, and optionally the OS user it runs as
 * ({@code runuser -u USER --}) and a cgroup its process joins before it starts, so that a database
 * server and all its children are throttled with the device it writes to.
 *
 * <p>A plan shows commands with {@link #display()}, exactly as they would be typed.
 *
 * @param argv the program and its arguments, never empty
 * @param user the OS user to run as, or empty for the agent's own user
 * @param cgroup a cgroup v1 directory (holding {@code cgroup.procs}) to join first, or empty
 */
public record Command(List<String> argv, Optional<String> user, Optional<Path> cgroup) {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

  public Command {
    argv = List.copyOf(argv);
    if (argv.isEmpty()) {
      throw new IllegalArgumentException("a command needs a program");
    }
  }

  public static Command of(String... argv) {
    return new Command(List.of(argv), Optional.empty(), Optional.empty());
  }

  public static Command of(List<String> argv) {
    return new Command(argv, Optional.empty(), Optional.empty());
  }

  /** The same command run as another OS user. */
  public Command asUser(String osUser) {
    return new Command(argv, Optional.of(osUser), cgroup);
  }

  /** The same command started inside a cgroup, so the process and its children are throttled. */
  public Command inCgroup(Path cgroupDir) {
    return new Command(argv, user, Optional.of(cgroupDir));
  }

  /** What is executed: the argv wrapped by {@code runuser} and the cgroup join where asked. */
  public List<String> processArgv() {
    List<String> out = new ArrayList<>();
    if (cgroup.isPresent()) {
      // The shell joins the cgroup, then exec's the command, so the pid in the cgroup is the
      // command's own and every child it forks inherits the membership.
      out.addAll(List.of("sh", "-c", "echo $$ > \"$0\" && exec \"$@\"",
          cgroup.get().resolve("cgroup.procs").toString()));
    }
    if (user.isPresent()) {
      out.addAll(List.of("runuser", "-u", user.get(), "--"));
    }
    out.addAll(argv);
    return out;
  }

  /** The command as a shell line an operator could type, arguments quoted where needed. */
  public String display() {
    StringBuilder b = new StringBuilder();
    cgroup.ifPresent(c -> b.append("[in cgroup ").append(c).append("] "));
    user.ifPresent(u -> b.append("runuser -u ").append(u).append(" -- "));
    for (int i = 0; i < argv.size(); i++) {
      if (i > 0) {
        b.append(' ');
      }
      b.append(quote(argv.get(i)));
    }
    return b.toString();
  }

  /** Quotes one word for a POSIX shell when it holds anything but plain characters. */
  public static String quote(String word) {
    if (!word.isEmpty() && PLAIN.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }

  @Override
  public String toString() {
    return display();
  }
}
