package io.commitbench.driver.oracle;

import io.commitbench.core.dialect.UnsafeUrlSetting;
import io.commitbench.core.dialect.UrlParameters;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The settings of an ojdbc URL that bring in more than the URL says: a directory or file of
 * further connection settings (which may set any property, these included), a provider that
 * supplies the connection string and properties ({@code @config-file://}, {@code
 * @config-https://}, ...), PL/SQL the server runs when a pooled session is attached, and a class
 * ojdbc constructs by name (the connection properties of {@code oracle.jdbc.OracleConnection}).
 * Wallets and key stores are read as keys only and stay allowed. Stateless.
 */
final class OracleUrlSettings {

  private static final String READS_SETTINGS = "makes ojdbc read further connection settings (tnsnames.ora,"
      + " ojdbc.properties, which may set any property) from the directory it names";
  private static final List<UnsafeUrlSetting> BY_NAME = List.of(
      new UnsafeUrlSetting("TNS_ADMIN", READS_SETTINGS),
      new UnsafeUrlSetting("oracle.net.tns_admin", READS_SETTINGS),
      new UnsafeUrlSetting("oracle.jdbc.config.file", "makes ojdbc read further connection properties from the file"
          + " it names"),
      new UnsafeUrlSetting("oracle.jdbc.DRCPPLSQLCallback", "makes the server run the PL/SQL procedure it names when"
          + " a pooled session is attached"),
      new UnsafeUrlSetting("oracle.net.radius_challenge_response_handler", "makes ojdbc load and construct the"
          + " class it names"));
  /** {@code jdbc:oracle:thin:@config-file://...}: ojdbc's centralized configuration providers. */
  private static final Pattern PROVIDER = Pattern.compile("^jdbc:oracle:[a-z]+:@(config-[A-Za-z0-9]+://)");

  private OracleUrlSettings() {}

  static List<UnsafeUrlSetting> unsafe(String jdbcUrl) {
    List<UnsafeUrlSetting> unsafe = new ArrayList<>();
    Matcher provider = PROVIDER.matcher(jdbcUrl);
    if (provider.find()) {
      unsafe.add(new UnsafeUrlSetting(provider.group(1), "makes ojdbc read the connection string and its properties"
          + " (any of them) from the file or remote provider it names"));
    }
    unsafe.addAll(UrlParameters.setIn(jdbcUrl, BY_NAME));
    return unsafe;
  }
}
