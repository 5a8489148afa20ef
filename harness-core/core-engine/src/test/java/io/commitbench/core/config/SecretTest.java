package io.commitbench.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretTest {

  @Test
  void toStringShowsTheOriginNeverTheValue() {
    Secret secret = Secret.of("hunter2", "env PGPASSWORD");

    assertThat(secret.toString()).isEqualTo("<secret from env PGPASSWORD>").doesNotContain("hunter2");
    assertThat("password: " + secret).doesNotContain("hunter2");
    assertThat(String.valueOf(secret)).doesNotContain("hunter2");
  }

  @Test
  void revealAndOrigin() {
    Secret secret = Secret.of("hunter2", "file /run/secrets/pg");

    assertThat(secret.reveal()).isEqualTo("hunter2");
    assertThat(secret.origin()).isEqualTo("file /run/secrets/pg");
  }

  @Test
  void noneIsAnEmptyPasswordFromNowhere() {
    assertThat(Secret.none().reveal()).isEmpty();
    assertThat(Secret.none().origin()).isEqualTo("none");
    assertThat(Secret.none()).hasToString("<secret from none>").isSameAs(Secret.none());
  }
}
