package dev.warren.internal.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.QueueType;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.TestConsumerModel;
import dev.warren.internal.settlement.DelayedRetry;
import org.junit.jupiter.api.Test;

/**
 * A quorum queue's own back-off works on RabbitMQ 4.3 and later only: earlier brokers accept the
 * arguments and redeliver at once, so deploying it there is a problem, never a silent immediate
 * redelivery. Warren declares the arguments, and warns where it cannot see them.
 */
class DelayedRetryCheckTest {

  private static final DelayedRetry BACK_OFF =
      new DelayedRetry("failed", 500, 1500, "'warren.consumers.invoices.delayed-retry-type'");

  private static ConsumerModel model(DelayedRetry backOff, boolean declare) {
    return TestConsumerModel.consumer()
        .named("invoices", "com.acme.Invoices#onInvoice", "invoices")
        .type(QueueType.QUORUM)
        .declareTopology(declare)
        .cap(5, "invoices.dlq")
        .delayedRetry(backOff)
        .build();
  }

  @Test
  void onRabbitMq40TheBackOffIsADeploymentProblemNamingConsumerMethodSettingAndFix() {
    assertThat(DelayedRetryCheck.problem(model(BACK_OFF, true), BrokerVersion.parse("4.0.5")))
        .hasValueSatisfying(
            problem ->
                assertThat(problem)
                    .startsWith("WARREN-293 consumer 'invoices' (com.acme.Invoices#onInvoice)")
                    .contains(
                        "delayedRetryType=FAILED",
                        "'warren.consumers.invoices.delayed-retry-type'",
                        "RabbitMQ 4.0.5 accepts the x-delayed-retry-* arguments and ignores them",
                        "redelivered at once",
                        "run RabbitMQ 4.3 or later"));
    assertThat(DelayedRetryCheck.problem(model(BACK_OFF, true), BrokerVersion.parse("3.10.8")))
        .isPresent();
    assertThat(DelayedRetryCheck.problem(model(BACK_OFF, true), BrokerVersion.parse("4.2.1")))
        .isPresent();
  }

  @Test
  void anUnknownVersionIsAProblemToo() {
    assertThat(DelayedRetryCheck.problem(model(BACK_OFF, true), BrokerVersion.UNKNOWN))
        .hasValueSatisfying(problem -> assertThat(problem).contains("cannot read"));
  }

  @Test
  void onRabbitMq43AndLaterThereIsNoProblem() {
    assertThat(DelayedRetryCheck.problem(model(BACK_OFF, true), BrokerVersion.parse("4.3.6")))
        .isEmpty();
    assertThat(DelayedRetryCheck.problem(model(BACK_OFF, true), BrokerVersion.parse("5.0.0")))
        .isEmpty();
  }

  @Test
  void noBackOffOrADisabledOneIsNoProblemAnywhere() {
    BrokerVersion old = BrokerVersion.parse("4.0.5");
    assertThat(DelayedRetryCheck.problem(model(DelayedRetry.NONE, true), old)).isEmpty();
    assertThat(
            DelayedRetryCheck.problem(
                model(new DelayedRetry("disabled", 0, 0, "@RabbitConsumer"), true), old))
        .isEmpty();
  }

  @Test
  void warrenDeclaresTheBackOffAsTheQueuesArguments() {
    assertThat(Topology.queueArguments(model(BACK_OFF, true), BrokerVersion.parse("4.3.6")))
        .containsEntry("x-delayed-retry-type", "failed")
        .containsEntry("x-delayed-retry-min", 500L)
        .containsEntry("x-delayed-retry-max", 1500L)
        .containsEntry("x-delivery-limit", 4L);
  }

  @Test
  void onAQueueWarrenDoesNotDeclareItWarnsThatItCannotSeeTheArguments() {
    assertThat(DelayedRetryCheck.warning(model(BACK_OFF, true))).isEmpty();
    assertThat(DelayedRetryCheck.warning(model(BACK_OFF, false)))
        .hasValueSatisfying(
            warning ->
                assertThat(warning)
                    .startsWith("WARREN-294 consumer 'invoices'")
                    .contains(
                        "x-delayed-retry-type=failed, x-delayed-retry-min=500,"
                            + " x-delayed-retry-max=1500",
                        "cannot see"));
  }
}
