package io.commitbench.core.key;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Values in errors: in full up to 200 characters, beyond that their start and their length. */
class EchoedValueTest {

  @Test
  void aValueOfUpTo200CharactersIsShownInFull() {
    String url = "jdbc:postgresql://db.example.com:5432/bench?ssl=true&" + "a".repeat(147);
    assertThat(url).hasSize(200);
    assertThat(EchoedValue.of(url)).isEqualTo(url);
    assertThat(EchoedValue.of(null)).isNull();
  }

  @Test
  void aLongerValueIsCutWithItsLength() {
    assertThat(EchoedValue.of("x".repeat(200_000))).isEqualTo("x".repeat(60) + "… (200000 characters)");
  }

  @Test
  void aViolationShortensItsKeyAndValue() {
    assertThat(new Violation("k".repeat(300), "v".repeat(300), "unknown key")).hasToString(
        "k".repeat(60) + "… (300 characters)=" + "v".repeat(60) + "… (300 characters): unknown key");
  }

  @Test
  void withinAMessageEachLongValueIsCut() {
    assertThat(EchoedValue.within("Invalid value for option '--writes': '" + "z".repeat(500) + "' is not an int"))
        .isEqualTo("Invalid value for option '--writes': '" + "z".repeat(60) + "… (500 characters)' is not an int");
    assertThat(EchoedValue.within("a short message")).isEqualTo("a short message");
  }
}
