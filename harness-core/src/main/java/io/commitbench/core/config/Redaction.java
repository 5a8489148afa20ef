package io.commitbench.core.config;

import java.util.regex.Pattern;

/**
 * Removes credentials a JDBC URL may carry ({@code password=...} parameters in any of the
 * usual separators, {@code user:password@host}, Oracle's {@code user/password@}) before the URL
 * is printed or stored.
 */
public final class Redaction {

  private static final Pattern PASSWORD_PARAMETER =
      Pattern.compile("(?i)((?:password|passwd|pwd)\\s*=)[^&;,)]*");
  // The password runs to the LAST '@' before the path, so a raw '@' in it does not leave a tail.
  private static final Pattern USERINFO = Pattern.compile("(//[^/@:]+:)[^/]*@");
  // Oracle: a quoted password may hold any character; an unquoted one runs to the last '@' before a '/'.
  private static final Pattern ORACLE_USER_PASSWORD =
      Pattern.compile("(jdbc:oracle:[a-z]+:[^/@:]+/)(?:\"[^\"]*\"|[^/\"]*)@");

  private Redaction() {}

  public static String url(String jdbcUrl) {
    if (jdbcUrl == null) {
      return null;
    }
    String redacted = PASSWORD_PARAMETER.matcher(jdbcUrl).replaceAll("$1***");
    redacted = USERINFO.matcher(redacted).replaceAll("$1***@");
    return ORACLE_USER_PASSWORD.matcher(redacted).replaceAll("$1***@");
  }
}
