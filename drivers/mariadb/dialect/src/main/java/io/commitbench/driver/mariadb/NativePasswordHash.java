package io.commitbench.driver.mariadb;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The hash MariaDB's {@code mysql_native_password} plugin stores and {@code PASSWORD()} returns:
 * {@code *} and the upper-case hex of SHA1(SHA1(password)). Given as {@code IDENTIFIED BY PASSWORD
 * '<hash>'}, the server stores it as it is, so the clear password is not in the statement text
 * that the general log and {@code SHOW PROCESSLIST} show. (That hash is a weak one to store —
 * unsalted SHA-1 — but it is what the server would have stored anyway for {@code IDENTIFIED BY
 * '<password>'}; sending it changes only what travels and is logged.)
 *
 * <pre>
 * String hash = NativePasswordHash.of("Secret42abc"); // *59A2248A48D88CF78E0DAF8673E7FDF8E18C8F5F
 * </pre>
 *
 * <p>Stateless and thread-safe.
 */
final class NativePasswordHash {

  private NativePasswordHash() {}

  static String of(String password) {
    try {
      byte[] once = MessageDigest.getInstance("SHA-1").digest(password.getBytes(StandardCharsets.UTF_8));
      byte[] twice = MessageDigest.getInstance("SHA-1").digest(once);
      return "*" + HexFormat.of().withUpperCase().formatHex(twice);
    } catch (NoSuchAlgorithmException e) {
      // The JDK's SUN provider has SHA-1.
      throw new IllegalStateException("the JDK lacks SHA-1", e);
    }
  }
}
