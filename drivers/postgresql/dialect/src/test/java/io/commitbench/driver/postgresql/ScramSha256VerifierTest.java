package io.commitbench.driver.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The verifier against two known vectors: the exchange of RFC 7677, and one PostgreSQL 15 made. */
class ScramSha256VerifierTest {

  /**
   * RFC 7677 section 3: user "user", password "pencil". The server accepts the client's proof
   * exactly when SHA-256(proof XOR HMAC(StoredKey, AuthMessage)) is the StoredKey, and proves
   * itself with HMAC(ServerKey, AuthMessage); both must hold for the keys computed here.
   */
  @Test
  void theKeysCompleteTheExchangeOfRfc7677() throws Exception {
    String clientFirstBare = "n=user,r=rOprNGfwEbeRWgbNEkqO";
    String serverFirst = "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
    String clientFinalWithoutProof = "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
    byte[] clientProof = base64("dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
    String serverSignature = "6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";
    String authMessage = clientFirstBare + "," + serverFirst + "," + clientFinalWithoutProof;

    String verifier = ScramSha256Verifier.of("pencil", base64("W22ZaJ0SNY7soEsUEjb6gQ=="), 4096);

    String[] parts = verifier.split("[$:]");
    assertThat(parts).hasSize(5);
    assertThat(parts[0]).isEqualTo("SCRAM-SHA-256");
    assertThat(parts[1]).isEqualTo("4096");
    assertThat(parts[2]).isEqualTo("W22ZaJ0SNY7soEsUEjb6gQ==");
    byte[] storedKey = base64(parts[3]);
    byte[] serverKey = base64(parts[4]);
    byte[] clientSignature = hmac(storedKey, authMessage);
    byte[] clientKey = new byte[clientProof.length];
    for (int i = 0; i < clientKey.length; i++) {
      clientKey[i] = (byte) (clientProof[i] ^ clientSignature[i]);
    }
    assertThat(MessageDigest.getInstance("SHA-256").digest(clientKey)).as("H(ClientKey)").isEqualTo(storedKey);
    assertThat(Base64.getEncoder().encodeToString(hmac(serverKey, authMessage))).isEqualTo(serverSignature);
  }

  /** What PostgreSQL 15.20 stored for CREATE ROLE ... PASSWORD 'Secret42abc' with scram-sha-256. */
  @Test
  void equalsTheVerifierPostgresqlComputedForTheSameSalt() {
    String server = "SCRAM-SHA-256$4096:vbQXrK1FqFcMqATwM23Ygw==$BfwK2GxwZw0pxDg97fk96IetZVlC96LgfpGOO5P3Ys0="
        + ":bOrqnERxilylteZBpd1D/0u5pvA7UONNYoAPIHS/Vx4=";

    assertThat(ScramSha256Verifier.of("Secret42abc", base64("vbQXrK1FqFcMqATwM23Ygw=="), 4096)).isEqualTo(server);
  }

  @Test
  void aFreshSaltOfSixteenBytesEachTime() {
    SecureRandom random = new SecureRandom();
    String first = ScramSha256Verifier.of("Secret42abc", random);
    String second = ScramSha256Verifier.of("Secret42abc", random);

    assertThat(first).isNotEqualTo(second).startsWith("SCRAM-SHA-256$4096:").doesNotContain("Secret42abc");
    assertThat(base64(first.split("[$:]")[2])).hasSize(16);
  }

  @Test
  void refusesWhatSaslPrepCouldChange() {
    assertThatThrownBy(() -> ScramSha256Verifier.of("pässword", new byte[16], 4096))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("printable ASCII");
  }

  private static byte[] base64(String text) {
    return Base64.getDecoder().decode(text);
  }

  private static byte[] hmac(byte[] key, String text) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
  }
}
