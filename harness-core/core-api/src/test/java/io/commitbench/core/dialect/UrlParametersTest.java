package io.commitbench.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UrlParametersTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"jdbc:postgresql://db/t?password=x", "jdbc:postgresql://db/t?user=a&password=",
      "jdbc:mariadb://db/t?Password=x", "jdbc:h2:tcp://db/t;USER=sa;PASSWORD=x", "jdbc:h2:mem:t; password = x"})
  void findsTheSettingAfterAnySeparatorInAnyCase(String url) {
    assertThat(UrlParameters.has(url, "password")).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"jdbc:postgresql://db/t?passwordless=true", "jdbc:postgresql://db/t?pwd=x",
      "jdbc:postgresql://db/password=x", "jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS=(HOST=db)))"})
  void aSimilarNameOrTheUrlBodyIsNoSetting(String url) {
    assertThat(UrlParameters.has(url, "password")).isFalse();
  }
}
