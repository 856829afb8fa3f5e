package dev.warren.internal.extension;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Argument;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.settlement.DelayedRetry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The broker accepts malformed delayed-retry arguments and silently redelivers at once, so Warren
 * refuses them at deployment, naming the setting, where it came from and the fix.
 */
class DelayedRetrySettingsTest {

  public static class Invoices {
    @RabbitConsumer(
        queue = "invoices",
        queueType = QueueType.QUORUM,
        maxAttempts = 5,
        deadLetter = "invoices.dlq",
        delayedRetryType = "failed",
        delayedRetryMin = 500,
        delayedRetryMax = 1500)
    public Outcome onInvoice(String body) {
      return Outcome.ack();
    }
  }

  public static class Plain {
    @RabbitConsumer(queue = "plain", queueType = QueueType.QUORUM)
    public Outcome onPlain(String body) {
      return Outcome.ack();
    }
  }

  public static class Classic {
    @RabbitConsumer(queue = "classic", delayedRetryType = "failed", delayedRetryMin = 1)
    public Outcome onClassic(String body) {
      return Outcome.ack();
    }
  }

  public static class RawArgument {
    @RabbitConsumer(
        queue = "raw",
        queueType = QueueType.QUORUM,
        arguments = @Argument(name = "x-delayed-retry-type", value = "all"))
    public Outcome onRaw(String body) {
      return Outcome.ack();
    }
  }

  /** Deployment problems with {@code config}, Warren declaring the queues. */
  private static List<String> problems(Map<String, String> config, Class<?> bean) {
    Map<String, String> declared = new HashMap<>(config);
    declared.put("warren.declare-topology", "true");
    return TestDeployments.problems(declared, new ArrayList<>(), bean);
  }

  @Test
  void aValidBackOffBecomesTheModelsDelayedRetry() {
    ConsumerModel model =
        TestDeployments.of(List.of(), Map.of("warren.declare-topology", "true"), Invoices.class)
            .consumers()
            .get(0);
    assertThat(model.delayedRetry())
        .isEqualTo(new DelayedRetry("failed", 500, 1500, "@RabbitConsumer"));
  }

  @Test
  void configSetsTheBackOffWithItsKeys() {
    ConsumerModel model =
        TestDeployments.of(
                List.of(),
                Map.of(
                    "warren.consumers.plain.delayed-retry-type", "ALL",
                    "warren.consumers.plain.delayed-retry-min", "200",
                    "warren.consumers.plain.delayed-retry-max", "200"),
                Plain.class)
            .consumers()
            .get(0);
    assertThat(model.delayedRetry())
        .isEqualTo(
            new DelayedRetry("all", 200, 200, "'warren.consumers.plain.delayed-retry-type'"));
  }

  @Test
  void aTypeTheBrokerDoesNotKnowIsRefused() {
    assertThat(
            problems(
                Map.of("warren.consumers.invoices.delayed-retry-type", "often"), Invoices.class))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .startsWith("WARREN-005 consumer 'invoices'")
                    .contains(
                        "delayedRetryType='often'",
                        "'warren.consumers.invoices.delayed-retry-type'",
                        "silently redelivers at once"));
  }

  @Test
  void returnedIsRefusedSinceWarrenRejectsAndNeverNacks() {
    assertThat(
            problems(
                Map.of("warren.consumers.invoices.delayed-retry-type", "returned"), Invoices.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("'returned' holds only basic.nack", "'failed'"));
  }

  @Test
  void aMinBelowOneAndAMaxBelowMinAreRefused() {
    assertThat(problems(Map.of("warren.consumers.invoices.delayed-retry-min", "0"), Invoices.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("delayedRetryMin=0", "1 (ms) or more"));
    assertThat(
            problems(Map.of("warren.consumers.invoices.delayed-retry-max", "499"), Invoices.class))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains(
                        "delayedRetryMax=499",
                        "'warren.consumers.invoices.delayed-retry-max'",
                        "at least delayedRetryMin (500)"));
  }

  @Test
  void aMinThatIsNoWholeNumberIsRefusedByTheConfig() {
    assertThat(
            problems(Map.of("warren.consumers.invoices.delayed-retry-min", "0.5s"), Invoices.class))
        .anySatisfy(
            p ->
                assertThat(p)
                    .contains("'warren.consumers.invoices.delayed-retry-min'", "whole number"));
  }

  @Test
  void aMinWithoutATypeDoesNothingAndIsRefused() {
    assertThat(problems(Map.of("warren.consumers.plain.delayed-retry-min", "100"), Plain.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("delayedRetryMin=100", "without delayedRetryType"));
  }

  @Test
  void aClassicQueueHasNoBackOff() {
    assertThat(problems(Map.of(), Classic.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("delayedRetryType='failed'", "queueType=QUORUM"));
  }

  @Test
  void theArgumentsCannotBeWrittenRawPastTheChecks() {
    assertThat(problems(Map.of(), RawArgument.class))
        .singleElement()
        .satisfies(
            p -> assertThat(p).contains("x-delayed-retry-type", "delayedRetryType", "checks"));
  }
}
