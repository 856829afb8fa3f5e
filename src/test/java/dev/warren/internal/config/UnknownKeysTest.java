package dev.warren.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Keys under warren. that Warren does not read are reported, with a "did you mean". */
class UnknownKeysTest {

  private static final List<String> CONSUMERS = List.of("orders", "warren.it.payments");

  private static List<String> find(String... keys) {
    return UnknownKeys.find(List.of(keys), CONSUMERS, false);
  }

  @Test
  void aMisspeltConsumerSettingIsReportedWithTheKeyItMeant() {
    assertThat(find("warren.consumers.orders.prefech"))
        .singleElement()
        .satisfies(
            m ->
                assertThat(m)
                    .startsWith("WARREN-130 config key 'warren.consumers.orders.prefech'")
                    .contains("did you mean 'warren.consumers.orders.prefetch'?")
                    .contains("is ignored", "'warren.strict-config=true'"));
  }

  @Test
  void keysOfAConsumerThatDoesNotExistNameTheConsumersThatDo() {
    assertThat(find("warren.consumers.order.prefetch", "warren.consumers.billing.enabled"))
        .satisfiesExactly(
            billing ->
                assertThat(billing)
                    .contains("names consumer 'billing', but no @RabbitConsumer has that name")
                    .contains("'orders', 'warren.it.payments'")
                    .doesNotContain("did you mean"),
            order -> assertThat(order).contains("consumer 'order'", "did you mean 'orders'?"));
  }

  @Test
  void misspeltTopLevelKeysAndNamespacesAreReported() {
    assertThat(
            find(
                "warren.ur",
                "warren.publisher.max-inflight",
                "warren.consumer.orders.prefetch",
                "warren.declare-topolgy"))
        .satisfiesExactly(
            m ->
                assertThat(m)
                    .contains(
                        "'warren.consumer.orders.prefetch'", "'warren.consumers.orders.prefetch'?"),
            m -> assertThat(m).contains("'warren.declare-topolgy'", "'warren.declare-topology'?"),
            m ->
                assertThat(m)
                    .contains(
                        "'warren.publisher.max-inflight'", "'warren.publisher.max-in-flight'?"),
            m -> assertThat(m).contains("'warren.ur'", "did you mean 'warren.uri'?"));
  }

  @Test
  void knownKeysDottedConsumerNamesAndOtherNamespacesAreNotReported() {
    assertThat(
            find(
                "warren.uri",
                "warren.strict-config",
                "warren.publisher.max-in-flight",
                "warren.consumers.orders.prefetch",
                "warren.consumers.defaults.delivery-limit",
                "warren.consumers.orders.handler-timeout",
                "warren.broker.consumer-timeout",
                "warren.consumers.warren.it.payments.max-attempts",
                "warren.it.broker.port",
                "warren.golden.update",
                "java.home",
                "WARREN_URI"))
        .isEmpty();
  }

  @Test
  void strictModeSaysThatTheKeyFailsDeployment() {
    assertThat(UnknownKeys.find(List.of("warren.consumers.orders.prefech"), CONSUMERS, true))
        .singleElement()
        .satisfies(
            m ->
                assertThat(m)
                    .contains("makes this a deployment problem")
                    .doesNotContain("ignored"));
  }
}
