package dev.warren.internal.invocation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Delay;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.internal.extension.TestDeployments;
import dev.warren.internal.model.ConsumerModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A retryAfter longer than the consumer's strategy can hold is refused where it is returned: it is
 * handled as the method's failure with WARREN-135, never sent to the broker.
 */
@SuppressWarnings("deprecation") // Delay.PLUGIN_DME keeps working and is tested
class DelayRefusalTest {

  public static class Plugin {
    @RabbitConsumer(queue = "orders", delay = Delay.PLUGIN_DME, maxAttempts = 3)
    public Outcome onOrder(String body) {
      return Outcome.ack();
    }
  }

  public static class Tiers {
    @RabbitConsumer(
        queue = "orders",
        delay = Delay.DLX_TTL,
        delayTiers = {"1s", "4000d"})
    public Outcome onOrder(String body) {
      return Outcome.ack();
    }
  }

  private static ConsumerModel model(Class<?> bean) {
    return TestDeployments.of(List.of(), Map.of(), bean).consumers().get(0);
  }

  @Test
  void aDelayThePluginWouldDeliverAtOnceIsRefusedAsTheMethodsFailure() throws Exception {
    ConsumerModel model = model(Plugin.class);
    SingleInterpretation interpretation =
        new SingleInterpretation(model, FailureMapping.none(), null);

    Handled handled =
        interpretation
            .returned(Outcome.retryAfter(Duration.ofDays(60)), (Delivery) null)
            .toCompletableFuture()
            .get();

    // capped: the default outcome of a failure is retry(), counted against the cap
    assertThat(handled.outcome()).isEqualTo(Outcome.retry());
    assertThat(handled.failure())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("WARREN-135 consumer 'orders'")
        .hasMessageContaining("retryAfter(PT1440H)", "delay=PLUGIN_DME", "4294967295 ms");
    Handled fine =
        interpretation
            .returned(Outcome.retryAfter(Duration.ofDays(49)), (Delivery) null)
            .toCompletableFuture()
            .get();
    assertThat(fine.outcome()).isEqualTo(Outcome.retryAfter(Duration.ofDays(49)));
  }

  @Test
  void aStaticTierLongerThanTheStrategyHoldsIsWarnedAboutAtDeployment() {
    List<String> warnings = new ArrayList<>();
    assertThat(TestDeployments.problems(Map.of(), warnings, Tiers.class)).isEmpty();

    assertThat(warnings)
        .filteredOn(w -> w.startsWith("WARREN-136"))
        .singleElement()
        .satisfies(w -> assertThat(w).contains("delay tier PT96000H", "delay=DLX_TTL"));
  }
}
