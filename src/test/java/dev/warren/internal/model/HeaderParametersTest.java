package dev.warren.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Delivery;
import dev.warren.Header;
import dev.warren.Outcome;
import dev.warren.internal.model.HandlerShape.HeaderParameter;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code @Header} parameters: which types they may have, and that they are never the payload. */
class HeaderParametersTest {

  private static final String CONSUMER = "orders";
  private static final String WHERE = "com.acme.Orders#onOrder";

  @SuppressWarnings("unused")
  static class Shapes {
    public Outcome typed(
        @Header("tenant") String tenant,
        String body,
        @Header("n") long n,
        @Header("hint") Optional<Integer> hint,
        Delivery delivery,
        @Header("when") Optional<Instant> when,
        @Header("table") Map<String, Object> table,
        @Header("list") List<?> list) {
      return Outcome.ack();
    }

    public Outcome onlyHeaders(@Header("a") String a, @Header("b") Integer b) {
      return Outcome.ack();
    }

    public Outcome unsupported(String body, @Header("set") Set<String> set) {
      return Outcome.ack();
    }

    public Outcome optionalOfPrimitiveIsNoType(String body, @Header("x") Optional<Character> x) {
      return Outcome.ack();
    }

    public Outcome listOfStrings(String body, @Header("l") List<String> l) {
      return Outcome.ack();
    }

    public Outcome blank(String body, @Header(" ") String x) {
      return Outcome.ack();
    }

    public Outcome batch(List<String> bodies, @Header("tenant") String tenant) {
      return Outcome.ack();
    }
  }

  private static Method method(String name) {
    return Arrays.stream(Shapes.class.getMethods())
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static List<String> problems(String name, int batchSize) {
    List<String> problems = new ArrayList<>();
    HandlerShape.of(method(name), CONSUMER, WHERE, batchSize, problems::add);
    return problems;
  }

  @Test
  void headerParametersAreMetadataNotThePayload() {
    List<String> problems = new ArrayList<>();
    HandlerShape shape = HandlerShape.of(method("typed"), CONSUMER, WHERE, problems::add);

    assertThat(problems).isEmpty();
    assertThat(shape.payloadIndex()).isEqualTo(1);
    assertThat(shape.deliveryIndex()).isEqualTo(4);
    assertThat(shape.headers())
        .containsExactly(
            new HeaderParameter(0, "tenant", String.class, false, false),
            new HeaderParameter(2, "n", Long.class, false, true),
            new HeaderParameter(3, "hint", Integer.class, true, false),
            new HeaderParameter(5, "when", Instant.class, true, false),
            new HeaderParameter(6, "table", Map.class, false, false),
            new HeaderParameter(7, "list", List.class, false, false));
  }

  @Test
  void headersAloneAreNoPayload() {
    assertThat(problems("onlyHeaders", 1)).singleElement().asString().startsWith("WARREN-010 ");
  }

  @Test
  void anUnsupportedTypeIsADeploymentProblemNamingTheMethodAndTheHeader() {
    assertThat(problems("unsupported", 1))
        .singleElement()
        .asString()
        .startsWith("WARREN-211 consumer 'orders' (com.acme.Orders#onOrder): the @Header(\"set\")")
        .contains("java.util.Set<java.lang.String>");
    assertThat(problems("optionalOfPrimitiveIsNoType", 1))
        .singleElement()
        .asString()
        .startsWith("WARREN-211 ");
    // a list of strings is not what the broker promises: its elements may be anything
    assertThat(problems("listOfStrings", 1)).singleElement().asString().startsWith("WARREN-211 ");
  }

  @Test
  void aBlankNameIsAProblem() {
    assertThat(problems("blank", 1)).singleElement().asString().startsWith("WARREN-213 ");
  }

  @Test
  void aBatchConsumerTakesNoHeaderParameters() {
    assertThat(problems("batch", 10))
        .singleElement()
        .asString()
        .startsWith("WARREN-212 ")
        .contains("@Header(\"tenant\")");
  }
}
