package io.commitbench.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class UrlAuthorityTest {

  @Test
  void userInfoRunsToTheLastAtSoAPasswordMayHoldOne() {
    UrlAuthority a = UrlAuthority.parse("//bench:p@ss@db1:5432,db2/test?ssl=true").orElseThrow();

    assertThat(a.userInfo()).isEqualTo("bench:p@ss");
    assertThat(a.password()).hasValue("user:password@ before the host");
    assertThat(a.hosts()).containsExactly("db1:5432", "db2");
  }

  @Test
  void aUserWithoutPasswordHasNone() {
    assertThat(UrlAuthority.parse("//bench@db/test").orElseThrow().password()).isEmpty();
    assertThat(UrlAuthority.parse("//db;USER=sa").orElseThrow()).isEqualTo(new UrlAuthority("", List.of("db")));
  }

  @Test
  void noAuthorityWithoutTheTwoSlashes() {
    assertThat(UrlAuthority.parse("test")).isEmpty();
    assertThat(UrlAuthority.parse("/test")).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"//db/t", "//db:1/t", "//db:65535/t", "//[::1]:5432/t", "//[::1]/t", "//a:5432,b:5433/t",
      "//address=(host=db)(port=x)/t", "///t"})
  void wellFormedPorts(String text) {
    assertThat(UrlAuthority.parse(text).orElseThrow().portProblem()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "//db:abc/t | abc | db", "//db:/t | '' | db", "//db:0/t | 0 | db", "//db:65536/t | 65536 | db",
      "//a:1,b:x/t | x | b", "//[::1]:x/t | x | [::1]", "//db:-1/t | -1 | db"})
  void aPortThatIsNoPortNumberIsNamedWithItsHost(String text, String port, String host) {
    Optional<String> problem = UrlAuthority.parse(text).orElseThrow().portProblem();

    assertThat(problem).hasValue("port '" + port + "' of host " + host + " is not a port number;"
        + " allowed: a whole number from 1 to 65535 after the host's ':', or no ':' for the default port");
  }
}
