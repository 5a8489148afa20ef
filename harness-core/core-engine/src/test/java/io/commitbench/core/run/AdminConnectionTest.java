package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The admin connection that cannot come back: its reason in words, a connection whose calls fail
 * with that reason instead of none at all, and no second wait for it.
 */
class AdminConnectionTest {

  private static final String URL = "jdbc:h2:mem:admin-connection-test";

  @Test
  void aConnectionThatCannotComeBackFailsEveryCallWithTheReasonInWords() throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    AdminConnection admin = new AdminConnection(() -> {
      if (attempts.incrementAndGet() == 1) {
        return DriverManager.getConnection(URL);
      }
      throw new SQLException("cannot connect as sa to " + URL + ": refused",  "08001", 0,
          new SQLException("Connection to 127.0.0.1:5432 refused"));
    }, URL);
    admin.get().close(); // what a stopped server leaves

    assertThatThrownBy(() -> admin.revive(0, "within reconnect.timeout=0 s")).isInstanceOf(SQLException.class)
        .hasMessage("the admin connection to " + URL + " was lost and did not come back within reconnect.timeout=0 s:"
            + " Connection to 127.0.0.1:5432 refused");

    assertThat(admin.isLost()).isTrue();
    Connection lost = admin.get();
    assertThat(lost).isNotNull();
    assertThat(lost.isValid(1)).isFalse();
    assertThatThrownBy(lost::createStatement).isInstanceOf(SQLException.class)
        .hasMessageStartingWith("the admin connection to " + URL + " was lost");
    lost.close();
    admin.close();
  }

  @Test
  void aLostConnectionIsNotWaitedForAgain() throws Exception {
    AtomicInteger attempts = new AtomicInteger();
    AdminConnection admin = new AdminConnection(() -> {
      if (attempts.incrementAndGet() == 1) {
        return DriverManager.getConnection(URL);
      }
      throw new SQLException("refused");
    }, URL);
    admin.get().close();
    assertThatThrownBy(() -> admin.revive(0, "within reconnect.timeout=0 s")).isInstanceOf(SQLException.class);
    int tried = attempts.get();

    long began = System.nanoTime();
    assertThatThrownBy(() -> admin.revive(60_000_000_000L, "within reconnect.timeout=60 s"))
        .hasMessageContaining("within reconnect.timeout=0 s");

    assertThat(attempts.get()).as("connect attempts after the loss").isEqualTo(tried);
    assertThat(System.nanoTime() - began).as("nanoseconds the second call took").isLessThan(5_000_000_000L);
  }

  @Test
  void aLiveConnectionIsKept() throws Exception {
    AdminConnection admin = new AdminConnection(() -> DriverManager.getConnection(URL), URL);
    Connection first = admin.get();

    assertThat(admin.revive(0, "within reconnect.timeout=0 s")).isFalse();

    assertThat(admin.get()).isSameAs(first);
    assertThat(admin.isLost()).isFalse();
    admin.close();
  }
}
