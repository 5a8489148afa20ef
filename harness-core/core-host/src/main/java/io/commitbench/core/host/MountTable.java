package io.commitbench.core.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The mounts of {@code /proc/self/mountinfo} (format in proc(5)), and which one holds a path.
 * Immutable and thread-safe; read it again to see later mounts.
 *
 * <pre>
 * MountTable mounts = MountTable.read(Path.of("/proc/self/mountinfo"));
 * MountInfo m = mounts.mountOf(Path.of("/var/lib/postgresql").toRealPath()).orElseThrow();
 * </pre>
 */
public final class MountTable {

  private final List<MountInfo> mounts;

  private MountTable(List<MountInfo> mounts) {
    this.mounts = List.copyOf(mounts);
  }

  public static MountTable read(Path mountinfo) throws IOException {
    return parse(Files.readString(mountinfo, StandardCharsets.UTF_8));
  }

  /**
   * Parses the text of a mountinfo file. A line reads {@code id parent major:minor root
   * mount-point options [optional fields...] - type source super-options}; spaces, tabs,
   * newlines and backslashes in paths are octal escapes ({@code \040}).
   *
   * @throws IllegalArgumentException for a line that does not have that shape, quoting it
   */
  public static MountTable parse(String text) {
    List<MountInfo> mounts = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (!line.isBlank()) {
        mounts.add(parseLine(line));
      }
    }
    return new MountTable(mounts);
  }

  public List<MountInfo> mounts() {
    return mounts;
  }

  /**
   * The mount holding {@code realPath} (absolute, symlinks already resolved): the one with the
   * longest mount point that contains it, the latest such line when a mount point was mounted over.
   */
  public Optional<MountInfo> mountOf(Path realPath) {
    MountInfo best = null;
    for (MountInfo m : mounts) {
      if (realPath.startsWith(m.mountPoint())
          && (best == null || m.mountPoint().getNameCount() >= best.mountPoint().getNameCount())) {
        best = m;
      }
    }
    return Optional.ofNullable(best);
  }

  private static MountInfo parseLine(String line) {
    String[] fields = line.trim().split(" ");
    // The optional fields (shared:1, master:2, ...) vary in number; "-" ends them.
    int separator = -1;
    for (int i = 6; i < fields.length && separator < 0; i++) {
      separator = fields[i].equals("-") ? i : -1;
    }
    if (fields.length < 7 || separator < 6 || fields.length < separator + 3) {
      throw new IllegalArgumentException("not a mountinfo line: '" + line + "'");
    }
    String superOptions = fields.length > separator + 3 ? fields[separator + 3] : "";
    return new MountInfo(Path.of(unescape(fields[4])), fields[2], unescape(fields[3]), fields[separator + 1],
        unescape(fields[separator + 2]), fields[5], superOptions);
  }

  /** Undoes the kernel's octal escapes: {@code \040} is a space. */
  static String unescape(String field) {
    StringBuilder b = new StringBuilder(field.length());
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '\\' && isOctal(field, i + 1)) {
        b.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean isOctal(String s, int from) {
    if (from + 3 > s.length()) {
      return false;
    }
    for (int i = from; i < from + 3; i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '7') {
        return false;
      }
    }
    return true;
  }
}
