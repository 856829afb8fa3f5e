package dev.warren.internal.extension;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Argument;
import dev.warren.DelayedRetryType;
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
        delayedRetryType = DelayedRetryType.FAILED,
        delayedRetryMin = "500ms",
        delayedRetryMax = "1500ms")
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
    @RabbitConsumer(
        queue = "classic",
        delayedRetryType = DelayedRetryType.FAILED,
        delayedRetryMin = "1ms")
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
                    "warren.consumers.plain.delayed-retry-type", "all",
                    "warren.consumers.plain.delayed-retry-min", "200ms",
                    "warren.consumers.plain.delayed-retry-max", "1s"),
                Plain.class)
            .consumers()
            .get(0);
    assertThat(model.delayedRetry())
        .isEqualTo(
            new DelayedRetry("all", 200, 1000, "'warren.consumers.plain.delayed-retry-type'"));
  }

  @Test
  void aTypeTheBrokerDoesNotKnowIsRefusedByTheConfig() {
    assertThat(
            problems(
                Map.of("warren.consumers.invoices.delayed-retry-type", "often"), Invoices.class))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .startsWith(
                        "WARREN-004 config key 'warren.consumers.invoices.delayed-retry-type'")
                    .contains("'often'", "none, failed, all or disabled", "silently redelivers"));
  }

  @Test
  void returnedIsRefusedSinceWarrenRejectsAndNeverNacks() {
    assertThat(
            problems(
                Map.of("warren.consumers.invoices.delayed-retry-type", "returned"), Invoices.class))
        .singleElement()
        .satisfies(
            p -> assertThat(p).contains("'returned' holds only basic.nack", "failed or all"));
  }

  @Test
  void aMinBelowOneMillisecondAndAMaxBelowMinAreRefused() {
    assertThat(
            problems(Map.of("warren.consumers.invoices.delayed-retry-min", "0ms"), Invoices.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("delayedRetryMin='0ms'", "1ms or more"));
    assertThat(
            problems(
                Map.of("warren.consumers.invoices.delayed-retry-max", "499ms"), Invoices.class))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains(
                        "delayedRetryMax='499ms'",
                        "'warren.consumers.invoices.delayed-retry-max'",
                        "at least delayedRetryMin (500ms)"));
  }

  @Test
  void aHoldTheBrokerCannotTakeIsRefused() {
    assertThat(
            problems(
                Map.of("warren.consumers.invoices.delayed-retry-min", "PT0.0015S"), Invoices.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("delayedRetryMin='PT0.0015S'", "whole millis"));
    assertThat(
            problems(Map.of("warren.consumers.invoices.delayed-retry-max", "30d"), Invoices.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("delayedRetryMax='30d'", "at most 2147483647ms"));
    assertThat(
            problems(Map.of("warren.consumers.invoices.delayed-retry-min", "soon"), Invoices.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("delayedRetryMin='soon'", "500ms, 30s"));
  }

  @Test
  void aBackOffTypeNeedsItsHolds() {
    assertThat(problems(Map.of("warren.consumers.plain.delayed-retry-type", "failed"), Plain.class))
        .hasSize(2)
        .allSatisfy(p -> assertThat(p).contains("without it the broker silently redelivers"));
  }

  @Test
  void aMinWithoutATypeDoesNothingAndIsRefused() {
    assertThat(problems(Map.of("warren.consumers.plain.delayed-retry-min", "100ms"), Plain.class))
        .singleElement()
        .satisfies(
            p -> assertThat(p).contains("delayedRetryMin='100ms'", "without delayedRetryType"));
  }

  @Test
  void aClassicQueueHasNoBackOff() {
    assertThat(problems(Map.of(), Classic.class))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("delayedRetryType=FAILED", "queueType=QUORUM"));
  }

  @Test
  void theArgumentsCannotBeWrittenRawPastTheChecks() {
    assertThat(problems(Map.of(), RawArgument.class))
        .singleElement()
        .satisfies(
            p -> assertThat(p).contains("x-delayed-retry-type", "delayedRetryType", "checks"));
  }
}
