package dev.warren.internal.extension;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings the wire cannot carry are refused at deployment instead of being changed silently. */
class ConsumerSettingRangeTest {

  public static class Orders {
    @RabbitConsumer(queue = "orders", prefetch = 70000)
    public Outcome onOrder(String body) {
      return Outcome.ack();
    }
  }

  public static class Payments {
    @RabbitConsumer(queue = "payments")
    public Outcome onPayment(String body) {
      return Outcome.ack();
    }
  }

  @Test
  void aPrefetchAboveWhatBasicQosCarriesIsRefusedNamingTheLimit() {
    assertThat(TestDeployments.problems(Map.of(), new ArrayList<>(), Orders.class))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .startsWith("WARREN-005 consumer 'orders'")
                    .contains("prefetch=70000", "@RabbitConsumer", "at most 65535"));
  }

  @Test
  void aPrefetchFromConfigAboveTheLimitNamesTheKey() {
    List<String> problems =
        TestDeployments.problems(
            Map.of("warren.consumers.payments.prefetch", "65536"),
            new ArrayList<>(),
            Payments.class);

    assertThat(problems)
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .startsWith("WARREN-005")
                    .contains("'warren.consumers.payments.prefetch'", "at most 65535"));
    assertThat(
            TestDeployments.problems(
                Map.of("warren.consumers.payments.prefetch", "65535"),
                new ArrayList<>(),
                Payments.class))
        .isEmpty();
  }
}
