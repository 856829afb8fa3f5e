package dev.warren.it.caps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.warren.Argument;
import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What Warren tells at deployment about a quorum queue's delivery limit, per broker version: the
 * warning when it cannot see the limit (RabbitMQ 4.x, no declare-topology), the refusal of an
 * existing queue whose limit differs, a limit without a dead-letter route, and that the fixes the
 * messages name work on the real broker.
 */
class QuorumLimitDeploymentIT {

  static final String QUEUE = "warren.it.limit.deploy";
  static final String POLICY = "warren-" + QUEUE;
  static final String POLICY_PATTERN = "^warren\\.it\\.limit\\.deploy$";

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Retrying.ATTEMPTS.clear();
    Broker.get().deleteQueue(QUEUE);
    Broker.get().forget(QUEUE);
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().cleanUp();
    if (Broker.rabbitmqctl("list_policies", "-q").contains(POLICY)) {
      Broker.rabbitmqctl("clear_policy", POLICY);
    }
  }

  /** Retries every message until its 25th delivery, past RabbitMQ 4's default limit. */
  @ApplicationScoped
  public static class Retrying {
    static final List<Integer> ATTEMPTS = new CopyOnWriteArrayList<>();

    @RabbitConsumer(queue = QUEUE, queueType = QueueType.QUORUM)
    public Outcome handle(String body, Delivery delivery) {
      ATTEMPTS.add(delivery.attempt());
      return delivery.attempt() < 25 ? Outcome.retry() : Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class CappedWithLimitArgument {
    @RabbitConsumer(
        queue = QUEUE,
        queueType = QueueType.QUORUM,
        maxAttempts = 3,
        deadLetter = QUEUE + ".dlq",
        arguments = @Argument(name = "x-delivery-limit", value = "-1", type = Argument.Type.NUMBER))
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  private static Map<String, Object> quorumWithoutLimit() {
    return Map.of("x-queue-type", "quorum");
  }

  /** The policy command the messages name for this queue on the test broker. */
  private static String policyCommand() {
    return "rabbitmqctl set_policy '"
        + POLICY
        + "' '"
        + POLICY_PATTERN
        + "' '{\"delivery-limit\":-1}' --apply-to quorum_queues";
  }

  /** Gives the queue no limit by a policy, as the messages say on RabbitMQ 4.x. */
  private static void applyPolicy() {
    Broker.rabbitmqctl(
        "set_policy",
        POLICY,
        POLICY_PATTERN,
        "{\"delivery-limit\":-1}",
        "--apply-to",
        "quorum_queues");
  }

  private static void retriesPastTheDefaultLimit() {
    Broker.get().publish(QUEUE, "m-1");
    await().atMost(Duration.ofSeconds(30)).until(() -> Retrying.ATTEMPTS.size() == 25);
    await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(QUEUE) == 0);
    assertThat(Retrying.ATTEMPTS).hasSize(25).endsWith(24, 25);
  }

  @Test
  void withoutDeclareTopologyRabbitMq4WarnsWithThePolicyThatFixesItAndThePolicyDoes() {
    Broker.get().queue(QUEUE, quorumWithoutLimit());
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Retrying.class)) {
      List<String> warnings = logs.messagesContaining("WARREN-207");
      if (Broker.get().rabbitMq4()) {
        assertThat(warnings)
            .singleElement()
            .satisfies(
                w ->
                    assertThat(w)
                        .contains("'" + QUEUE + "'", "a limit of 20", policyCommand())
                        .contains("'warren.consumers." + QUEUE + ".delivery-limit=policy'"));
      } else {
        // 3.x gives a quorum queue without a limit none: nothing to warn about
        assertThat(warnings).isEmpty();
      }
    }

    // the fix on 4.x: the policy on the broker (3.x needs none: -1 there would dead-letter at
    // once), and the consumer says that the broker decides
    if (Broker.get().rabbitMq4()) {
      applyPolicy();
    }
    TestConfig.set("warren.consumers." + QUEUE + ".delivery-limit", "policy");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Retrying.class)) {
      assertThat(logs.messagesContaining("WARREN-207")).isEmpty();
      retriesPastTheDefaultLimit();
    }
  }

  @Test
  void anExistingQueueWithoutLimitIsRefusedOnRabbitMq4WithTheWaysToMigrateIt() {
    Broker.get().queue(QUEUE, quorumWithoutLimit());
    TestConfig.set("warren.consumers." + QUEUE + ".declare-topology", "true");
    if (Broker.get().rabbitMq4()) {
      // Warren declares x-delivery-limit=-1; the broker cannot add it to the existing queue
      assertThat(WeldSe.deploymentFailure(Retrying.class))
          .contains("WARREN-206", "'" + QUEUE + "'", "x-delivery-limit=-1", "current is none")
          .contains("delete it and let Warren declare it again", policyCommand())
          .contains("'warren.consumers." + QUEUE + ".delivery-limit=policy'");
      // migrating by the policy keeps the queue and its messages
      applyPolicy();
      TestConfig.set("warren.consumers." + QUEUE + ".delivery-limit", "policy");
    }
    // 3.x: Warren declares no limit, which the existing queue matches
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Retrying.class)) {
      assertThat(logs.all()).noneMatch(m -> m.matches("(?s)WARREN-20[6-9] .*"));
      retriesPastTheDefaultLimit();
    }
  }

  @Test
  void aLimitWithoutDeadLetterRouteIsWarnedAboutAndDropsAsSaidOnBothVersions() {
    TestConfig.set("warren.consumers." + QUEUE + ".declare-topology", "true");
    TestConfig.set("warren.consumers." + QUEUE + ".delivery-limit", "1");
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Retrying.class)) {
      assertThat(logs.messagesContaining("WARREN-209"))
          .singleElement()
          .satisfies(w -> assertThat(w).contains("'" + QUEUE + "'", "delivery limit 1"));
      Broker.get().publish(QUEUE, "m-1");
      await().atMost(Duration.ofSeconds(10)).until(() -> Retrying.ATTEMPTS.size() == 2);
      await().atMost(Duration.ofSeconds(5)).until(() -> Broker.get().ready(QUEUE) == 0);
      // dropped by the broker after 1 + 1 deliveries, as the warning said
      await().during(Duration.ofMillis(500)).until(() -> Retrying.ATTEMPTS.size() == 2);
    }
  }

  @Test
  void aLimitWarrenCannotDeclareIsADeploymentProblem() {
    Broker.get().queue(QUEUE, quorumWithoutLimit());
    TestConfig.set("warren.consumers." + QUEUE + ".delivery-limit", "unlimited");
    assertThat(WeldSe.deploymentFailure(Retrying.class))
        .contains("WARREN-005", "delivery-limit=unlimited", "declare-topology=true")
        .contains("'warren.consumers." + QUEUE + ".delivery-limit=policy'");
  }

  @Test
  void theLimitArgumentBesideACapIsRefused() {
    TestConfig.set("warren.declare-topology", "true");
    assertThat(WeldSe.deploymentFailure(CappedWithLimitArgument.class))
        .contains("WARREN-024", "'x-delivery-limit'", "set maxAttempts=0");
  }
}
