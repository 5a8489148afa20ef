package io.commitbench.core.host.trace;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the lines {@code perf trace} prints for system calls:
 *
 * <pre>
 *      0.000 ( 1.934 ms): postgres/18089 fdatasync(fd: 19)                       = 0
 *    422.024 (         ): postgres/2259 fdatasync(fd: 4)                          ...
 *    422.024 ( 1.447 ms): postgres/2259  ... [continued]: fdatasync())            = 0
 *    319.971 ( 0.035 ms): java/1070 fdatasync(fd: 999)                            = -1 EBADF (Bad file descriptor)
 * </pre>
 *
 * The command name (at most 14 characters, perf's cut) may hold spaces and slashes, so the thread
 * id is the last {@code /digits} before the call. Any other line (perf's warnings, its errors) is
 * not a call.
 */
final class PerfTraceLineParser {

  private static final Pattern HEAD = Pattern.compile(
      "^\\s*(?:\\d+\\.\\d+|\\?)\\s+\\(\\s*(?:(\\d+)\\.(\\d+)\\s*ms)?\\s*\\):\\s(.*)/(\\d+)\\s+((?:\\w+\\(|\\.\\.\\. \\[continued\\]).*)$");
  private static final Pattern CONTINUED = Pattern.compile("^\\.\\.\\. \\[continued\\]: (\\w+)\\(\\)\\)\\s+=\\s*(.*)$");
  private static final Pattern CALL = Pattern.compile("^(\\w+)\\((.*)\\)\\s+(?:=\\s*(.*)|\\.\\.\\.)$");
  private static final Pattern FD = Pattern.compile("(?:^|, )fd: (\\d+)");

  /** The call on {@code line}, or empty when the line is not a call perf traced. */
  Optional<TraceLine> parse(String line) {
    Matcher head = HEAD.matcher(line);
    if (!head.matches()) {
      return Optional.empty();
    }
    long duration = head.group(1) == null ? -1 : micros(head.group(1), head.group(2));
    long tid = Long.parseLong(head.group(4));
    String call = head.group(5).trim();
    Matcher continued = CONTINUED.matcher(call);
    if (continued.matches()) {
      return Optional.of(new TraceLine(TraceLine.Shape.CONTINUED, continued.group(1), tid, -1, duration,
          failed(continued.group(2))));
    }
    Matcher whole = CALL.matcher(call);
    if (!whole.matches()) {
      return Optional.empty();
    }
    Matcher fd = FD.matcher(whole.group(2));
    int fdNumber = fd.find() ? parseFd(fd.group(1)) : -1;
    String result = whole.group(3);
    if (result == null) {
      return Optional.of(new TraceLine(TraceLine.Shape.UNFINISHED, whole.group(1), tid, fdNumber, -1, false));
    }
    return Optional.of(new TraceLine(TraceLine.Shape.COMPLETE, whole.group(1), tid, fdNumber, duration, failed(result)));
  }

  /** perf prints milliseconds with three decimals: microseconds, exactly. */
  private static long micros(String whole, String fraction) {
    String f = (fraction + "000").substring(0, 3);
    return Long.parseLong(whole) * 1000 + Long.parseLong(f);
  }

  private static int parseFd(String digits) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static boolean failed(String result) {
    return result.startsWith("-");
  }
}
