package io.commitbench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ContainerFactsTest {

  private static final String FILE = """
      port=7000
      password.variable=DEMO_PASSWORD
      environment=DEMO_DB=test DEMO_MODE=a=b
      url=jdbc:demo://%s:%d/test
      images=default next
      image.default.tag=demo:1-bookworm
      image.default.suite=bookworm
      image.next.tag=demo:2
      """;

  @Test
  void theDefaultImageIsTheFirstAndTheUrlTakesHostAndPort() throws IOException {
    ContainerFacts facts = ContainerFacts.parse("demo", properties(FILE));

    assertThat(facts.tags()).containsExactly("demo:1-bookworm", "demo:2");
    assertThat(facts.defaultImage()).isEqualTo("demo:1-bookworm");
    assertThat(facts.jdbcUrl("127.0.0.1", 7001)).isEqualTo("jdbc:demo://127.0.0.1:7001/test");
    assertThat(facts.port()).isEqualTo(7000);
    assertThat(facts.passwordVariable()).isEqualTo("DEMO_PASSWORD");
    assertThat(facts.environment()).isEqualTo(Map.of("DEMO_DB", "test", "DEMO_MODE", "a=b"));
  }

  @Test
  void aKindIsBuiltHereOnlyWhenEveryImageNamesASuite() throws IOException {
    assertThat(ContainerFacts.parse("demo", properties(FILE)).builtHere()).isFalse();
    assertThat(ContainerFacts.parse("demo", properties(FILE + "image.next.suite=trixie\n")).builtHere()).isTrue();
  }

  @Test
  void aMissingKeyIsNamedWithTheResource() throws IOException {
    assertThatThrownBy(() -> ContainerFacts.parse("demo", properties(FILE.replace("image.next.tag=demo:2", ""))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("demo's container facts (commitbench/kind/demo/container.properties) lack image.next.tag");
    assertThatThrownBy(() -> ContainerFacts.parse("demo", properties(FILE.replace("port=7000", "port=x"))))
        .hasMessage("demo's container port 'x' is not a number");
  }

  @Test
  void aKindWithoutTheResourceHasNoContainer() {
    assertThat(ContainerFacts.of("no-such-kind", getClass().getClassLoader())).isEmpty();
  }

  private static Properties properties(String text) throws IOException {
    Properties properties = new Properties();
    properties.load(new StringReader(text));
    return properties;
  }
}
