package dev.warren.internal.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.QueueType;
import dev.warren.internal.config.DeliveryLimit;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.TestConsumerModel;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The per-version table of quorum delivery limits: what Warren declares on RabbitMQ 3.x and 4.x for
 * each consumer, and what it warns about.
 */
class QuorumLimitTest {

  private static final BrokerVersion V3 = BrokerVersion.parse("3.10.8");
  private static final BrokerVersion V4 = BrokerVersion.parse("4.0.5");
  private static final BrokerVersion UNKNOWN = BrokerVersion.parse("");

  private static ConsumerModel model(
      QueueType type,
      int maxAttempts,
      String deadLetter,
      boolean declare,
      DeliveryLimit limit,
      Map<String, Object> arguments) {
    return TestConsumerModel.consumer()
        .type(type)
        .cap(maxAttempts, deadLetter)
        .declareTopology(declare)
        .deliveryLimit(limit)
        .arguments(arguments)
        .build();
  }

  private static ConsumerModel quorum(DeliveryLimit limit) {
    return model(QueueType.QUORUM, 0, "", limit != DeliveryLimit.UNSTATED, limit, Map.of());
  }

  @Test
  void noLimitIsNoArgumentOnThreeAndMinusOneOnFour() {
    ConsumerModel model = quorum(DeliveryLimit.UNLIMITED);

    // 3.x reads -1 as "dead-letter on the first return"; 4.x reads an absent limit as 20
    assertThat(QuorumLimit.argument(model, V3)).isEmpty();
    assertThat(QuorumLimit.argument(model, V4)).hasValue(-1);
    assertThat(Topology.queueArguments(model, V3)).isEqualTo(Map.of("x-queue-type", "quorum"));
    assertThat(Topology.queueArguments(model, V4))
        .isEqualTo(Map.of("x-queue-type", "quorum", "x-delivery-limit", -1L));
  }

  @Test
  void anExplicitLimitIsTheSameNumberOnEveryVersion() {
    ConsumerModel model = quorum(DeliveryLimit.limit(4));

    assertThat(QuorumLimit.argument(model, V3)).hasValue(4);
    assertThat(QuorumLimit.argument(model, V4)).hasValue(4);
    assertThat(QuorumLimit.argument(model, UNKNOWN)).hasValue(4);
  }

  @Test
  void aCapIsMaxAttemptsMinusOneWithTheRouteOnEveryVersion() {
    ConsumerModel model =
        model(QueueType.QUORUM, 5, "orders.dlq", true, DeliveryLimit.UNSTATED, Map.of());

    Map<String, Object> expected =
        Map.of(
            "x-queue-type",
            "quorum",
            "x-delivery-limit",
            4L,
            "x-dead-letter-exchange",
            "",
            "x-dead-letter-routing-key",
            "orders.dlq");
    assertThat(Topology.queueArguments(model, V3)).isEqualTo(expected);
    assertThat(Topology.queueArguments(model, V4)).isEqualTo(expected);
  }

  @Test
  void aPolicyOrAnUnstatedLimitDeclaresNone() {
    assertThat(QuorumLimit.argument(quorum(DeliveryLimit.POLICY), V4)).isEmpty();
    assertThat(QuorumLimit.argument(quorum(DeliveryLimit.POLICY), V3)).isEmpty();
    assertThat(QuorumLimit.argument(quorum(DeliveryLimit.UNSTATED), V4)).isEmpty();
  }

  @Test
  void aClassicQueueHasNoLimitAndNoType() {
    ConsumerModel model =
        model(QueueType.CLASSIC, 0, "", true, DeliveryLimit.UNSTATED, Map.of("x-max-length", 10L));

    assertThat(QuorumLimit.argument(model, V4)).isEqualTo(OptionalLong.empty());
    assertThat(Topology.queueArguments(model, V4)).isEqualTo(Map.of("x-max-length", 10L));
  }

  @Test
  void theApplicationsOwnArgumentsAreKeptBesideTheLimit() {
    ConsumerModel model =
        model(
            QueueType.QUORUM,
            0,
            "",
            true,
            DeliveryLimit.limit(2),
            Map.of("x-dead-letter-exchange", "parking"));

    assertThat(Topology.queueArguments(model, V4))
        .isEqualTo(
            Map.of(
                "x-queue-type",
                "quorum",
                "x-delivery-limit",
                2L,
                "x-dead-letter-exchange",
                "parking"));
  }

  @Test
  void aQueueWarrenDoesNotDeclareIsWarnedAboutOnFourOnlyWithThePolicyThatFixesIt() {
    ConsumerModel model = quorum(DeliveryLimit.UNSTATED);

    assertThat(QuorumLimit.warning(model, V3, "/")).isEmpty();
    assertThat(QuorumLimit.warning(model, V4, "/"))
        .hasValueSatisfying(
            w ->
                assertThat(w)
                    .startsWith("WARREN-207 consumer 'orders' (com.acme.Orders#onOrder): ")
                    .contains("'orders.in'", "RabbitMQ 4.0.5", "a limit of 20")
                    .contains(
                        "rabbitmqctl set_policy 'warren-orders.in' '^orders\\.in$'"
                            + " '{\"delivery-limit\":-1}' --apply-to quorum_queues")
                    .contains("'warren.consumers.orders.delivery-limit=policy'"));
  }

  @Test
  void noWarningWhenTheConsumerSaidWhatItWants() {
    assertThat(QuorumLimit.warning(quorum(DeliveryLimit.POLICY), V4, "/")).isEmpty();
    assertThat(QuorumLimit.warning(quorum(DeliveryLimit.UNLIMITED), V4, "/")).isEmpty();
    assertThat(QuorumLimit.warning(quorum(DeliveryLimit.limit(3)), V4, "/")).isEmpty();
    assertThat(
            QuorumLimit.warning(
                model(QueueType.QUORUM, 3, "dlq", true, DeliveryLimit.UNSTATED, Map.of()), V4, "/"))
        .isEmpty();
  }

  @Test
  void anUnreadableVersionIsWarnedAboutWhereTheVersionMatters() {
    assertThat(QuorumLimit.warning(quorum(DeliveryLimit.UNLIMITED), UNKNOWN, "/"))
        .hasValueSatisfying(w -> assertThat(w).startsWith("WARREN-208 ").contains("'orders.in'"));
    assertThat(QuorumLimit.warning(quorum(DeliveryLimit.UNSTATED), UNKNOWN, "/"))
        .hasValueSatisfying(w -> assertThat(w).startsWith("WARREN-208 "));
    assertThat(QuorumLimit.warning(quorum(DeliveryLimit.limit(3)), UNKNOWN, "/")).isEmpty();
  }

  @Test
  void thePolicyCommandNamesTheVirtualHostAndQuotesForTheShell() {
    assertThat(QuorumLimit.policyCommand(V3, "shop's", "a.b*c", 5))
        .isEqualTo(
            "rabbitmqctl set_policy -p 'shop'\\''s' 'warren-a.b*c' '^a\\.b\\*c$'"
                + " '{\"delivery-limit\":5}' --apply-to queues");
  }

  @Test
  void aRefusedRedeclareOfAQueueWithoutLimitOffersAPolicyOrARecreate() {
    String reason =
        "PRECONDITION_FAILED - inequivalent arg 'x-delivery-limit' for queue 'orders.in' in"
            + " vhost '/': received the value '-1' of type 'long' but current is none";

    String message = QuorumLimit.refused(quorum(DeliveryLimit.UNLIMITED), V4, "/", reason);

    assertThat(message)
        .startsWith("WARREN-206 consumer 'orders' (com.acme.Orders#onOrder): ")
        .contains("delivery-limit=unlimited (x-delivery-limit=-1)", reason)
        .contains("delete it and let Warren declare it again")
        .contains("'{\"delivery-limit\":-1}' --apply-to quorum_queues")
        .contains("'warren.consumers.orders.delivery-limit=policy'");
  }

  @Test
  void aRefusedRedeclareOfAQueueWithAnotherLimitOffersNoPolicy() {
    String reason =
        "PRECONDITION_FAILED - inequivalent arg 'x-delivery-limit' for queue 'orders.in' in"
            + " vhost '/': received the value '3' of type 'long' but current is the value '5'";

    assertThat(QuorumLimit.refused(quorum(DeliveryLimit.limit(3)), V3, "/", reason))
        .contains("x-delivery-limit=3", "to the limit the queue has")
        .doesNotContain("set_policy");
    assertThat(
            QuorumLimit.refused(
                model(QueueType.QUORUM, 4, "dlq", true, DeliveryLimit.UNSTATED, Map.of()),
                V3,
                "/",
                reason))
        .contains("maxAttempts=4 (x-delivery-limit=3)", "one more than the limit the queue has");
  }
}
