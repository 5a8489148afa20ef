package io.commitbench.driver.postgresql;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802 with SHA-256, RFC 7677):
 * {@code SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>}, each part Base64. Given as
 * the password of {@code CREATE ROLE}, PostgreSQL stores it as it is, whatever {@code
 * password_encryption} says, so the clear password never reaches the server: not its log
 * ({@code log_statement=ddl}), not {@code pg_stat_activity}. A client that logs in with the clear
 * password proves it knows it through the SCRAM exchange against these two keys.
 *
 * <pre>
 * String verifier = ScramSha256Verifier.of("Secret42abc", new SecureRandom());
 * </pre>
 *
 * <p>Stateless and thread-safe.
 */
final class ScramSha256Verifier {

  /** PostgreSQL's own default ({@code scram_iterations}, fixed before PostgreSQL 16). */
  static final int ITERATIONS = 4096;
  /** The salt length PostgreSQL generates. */
  private static final int SALT_BYTES = 16;
  private static final int KEY_BITS = 256;

  private ScramSha256Verifier() {}

  /** The verifier of {@code password} with a fresh random salt and PostgreSQL's iteration count. */
  static String of(String password, SecureRandom random) {
    byte[] salt = new byte[SALT_BYTES];
    random.nextBytes(salt);
    return of(password, salt, ITERATIONS);
  }

  /**
   * The verifier of {@code password} for the given salt and iteration count.
   *
   * @param password printable ASCII only: PostgreSQL normalises a password with SASLprep first,
   *     which leaves printable ASCII unchanged but not every other character, so this class does
   *     not pretend to handle them (the harness generates letters and digits)
   * @throws IllegalArgumentException for a password with other characters
   */
  static String of(String password, byte[] salt, int iterations) {
    if (!password.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
      throw new IllegalArgumentException("a SCRAM verifier is computed here for printable ASCII passwords only");
    }
    try {
      byte[] saltedPassword = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
          .generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, KEY_BITS)).getEncoded();
      byte[] clientKey = hmac(saltedPassword, "Client Key");
      byte[] storedKey = MessageDigest.getInstance("SHA-256").digest(clientKey);
      byte[] serverKey = hmac(saltedPassword, "Server Key");
      Base64.Encoder base64 = Base64.getEncoder();
      return "SCRAM-SHA-256$" + iterations + ":" + base64.encodeToString(salt) + "$" + base64.encodeToString(storedKey)
          + ":" + base64.encodeToString(serverKey);
    } catch (GeneralSecurityException e) {
      // The JDK's SunJCE and SUN providers have all three.
      throw new IllegalStateException("the JDK lacks PBKDF2WithHmacSHA256, HmacSHA256 or SHA-256", e);
    }
  }

  private static byte[] hmac(byte[] key, String text) throws GeneralSecurityException {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(text.getBytes(StandardCharsets.US_ASCII));
  }
}
