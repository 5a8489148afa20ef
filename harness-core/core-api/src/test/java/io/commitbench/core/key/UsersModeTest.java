package io.commitbench.core.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class UsersModeTest {

  @ParameterizedTest(name = "{0} <-> {1}")
  @CsvSource({"AUTO, auto", "DB_USERS, db-users", "SHARED, shared"})
  void valueAndParseAreInverse(UsersMode mode, String text) {
    assertThat(mode.value()).isEqualTo(text);
    assertThat(UsersMode.parse(text)).isEqualTo(mode);
  }

  @ParameterizedTest
  @EnumSource(UsersMode.class)
  void everyModeRoundTrips(UsersMode mode) {
    assertThat(UsersMode.parse(mode.value())).isSameAs(mode);
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"DB_USERS", "db_users", "Shared", "AUTO", " auto", "", "dbusers"})
  void onlyTheWrittenFormParses(String text) {
    assertThatThrownBy(() -> UsersMode.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessage(text);
  }

  @org.junit.jupiter.api.Test
  void nullIsRefused() {
    assertThatThrownBy(() -> UsersMode.parse(null)).isInstanceOf(IllegalArgumentException.class);
  }
}
