package io.commitbench.core.key;

import java.util.regex.Pattern;

/**
 * Removes credentials a JDBC URL may carry ({@code password=...} parameters in any of the
 * usual separators, {@code user:password@host}, and {@code jdbc:VENDOR:DRIVER:user/password@} as
 * Oracle writes it) before the URL is printed or stored. The forms are matched for every URL,
 * whatever its kind: redaction must not depend on knowing which dialect a URL is meant for.
 */
public final class Redaction {

  private static final Pattern PASSWORD_PARAMETER =
      Pattern.compile("(?i)((?:password|passwd|pwd)\\s*=)[^&;,)]*");
  // The password runs to the LAST '@' before the path, so a raw '@' in it does not leave a tail.
  private static final Pattern USERINFO = Pattern.compile("(//[^/@:]+:)[^/]*@");
  // jdbc:VENDOR:DRIVER:user/password@ (Oracle's thin and OCI URLs): a quoted password may hold any
  // character; an unquoted one runs to the last '@' before a '/'.
  private static final Pattern SLASHED_USER_PASSWORD =
      Pattern.compile("(jdbc:[a-z0-9]+:[a-z]+:[^/@:]+/)(?:\"[^\"]*\"|[^/\"]*)@");

  private Redaction() {}

  public static String url(String jdbcUrl) {
    if (jdbcUrl == null) {
      return null;
    }
    String redacted = PASSWORD_PARAMETER.matcher(jdbcUrl).replaceAll("$1***");
    redacted = USERINFO.matcher(redacted).replaceAll("$1***@");
    return SLASHED_USER_PASSWORD.matcher(redacted).replaceAll("$1***@");
  }
}
