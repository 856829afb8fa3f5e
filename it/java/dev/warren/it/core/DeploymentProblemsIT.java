package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.RetryPublisher;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Deployment problems abort deployment with one DeploymentException whose lines name the consumer,
 * the bean method, the setting and the fix (SPEC section 6). Runs Weld SE directly so the test sees
 * the exception.
 */
@Tag("container")
class DeploymentProblemsIT {

  static final String PRESENT = "warren.it.deploy.present";
  static final String MISSING = "warren.it.deploy.missing";
  static final String DECLARED = "warren.it.deploy.declared";

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Broker.get().queue(PRESENT);
    Broker.get().deleteQueue(MISSING);
    Broker.get().deleteQueue(DECLARED);
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().forget(DECLARED).forget(QUORUM).forget(QUORUM_DLQ);
    Broker.get().cleanUp();
  }

  @ApplicationScoped
  public static class MissingQueue {
    @RabbitConsumer(queue = MISSING)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class ZeroPrefetch {
    @RabbitConsumer(queue = PRESENT, prefetch = 0)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class TwoPayloads {
    @RabbitConsumer(queue = PRESENT, name = "two-payloads")
    public Outcome handle(String body, byte[] raw) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class NoPayload {
    @RabbitConsumer(queue = PRESENT, name = "no-payload")
    public Outcome handle() {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class WrongReturn {
    // any other value would make a responder; a stage of nothing has no reply to send
    @RabbitConsumer(queue = PRESENT, name = "wrong-return")
    public CompletionStage<Void> handle(String body) {
      return null;
    }
  }

  @ApplicationScoped
  public static class SameNameA {
    @RabbitConsumer(queue = PRESENT, name = "same")
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class SameNameB {
    @RabbitConsumer(queue = PRESENT, name = "same")
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class Fine {
    @RabbitConsumer(queue = PRESENT)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class Declares {
    @RabbitConsumer(queue = DECLARED)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  static final String QUORUM = "warren.it.deploy.quorum";
  static final String QUORUM_DLQ = "warren.it.deploy.quorum.dlq";
  static final String MISSING_DLQ = "warren.it.deploy.missing.dlq";

  @ApplicationScoped
  public static class QuorumCapWithoutDeclare {
    @RabbitConsumer(
        queue = QUORUM,
        queueType = QueueType.QUORUM,
        maxAttempts = 5,
        deadLetter = QUORUM_DLQ)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class QuorumHalfPair {
    @RabbitConsumer(queue = QUORUM, queueType = QueueType.QUORUM, maxAttempts = 5)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class QuorumWithRetryPublisher {
    @RabbitConsumer(
        queue = QUORUM,
        queueType = QueueType.QUORUM,
        retryPublisher = @RetryPublisher(exchange = "retries"))
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class NegativeCap {
    @RabbitConsumer(queue = PRESENT, maxAttempts = -1)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class MissingDeadLetterQueue {
    @RabbitConsumer(queue = PRESENT, maxAttempts = 3, deadLetter = MISSING_DLQ)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class QuorumCapDeclared {
    @RabbitConsumer(
        queue = QUORUM,
        queueType = QueueType.QUORUM,
        maxAttempts = 5,
        deadLetter = QUORUM_DLQ)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @Test
  void cappedQuorumConsumerWithoutDeclareTopologyAbortsDeployment() {
    assertThat(WeldSe.deploymentFailure(QuorumCapWithoutDeclare.class))
        .contains("WARREN-022", "'" + QUORUM + "'", "maxAttempts=5", "'" + QUORUM_DLQ + "'")
        .contains("warren.declare-topology=true");
  }

  @Test
  void halfAPairOnAQuorumQueueAbortsDeployment() {
    TestConfig.set("warren.declare-topology", "true");
    assertThat(WeldSe.deploymentFailure(QuorumHalfPair.class))
        .contains("WARREN-021", "maxAttempts=5", "deadLetter=''");
  }

  @Test
  void retryPublisherOnAQuorumQueueAbortsDeployment() {
    assertThat(WeldSe.deploymentFailure(QuorumWithRetryPublisher.class))
        .contains("WARREN-023", QuorumWithRetryPublisher.class.getName() + "#handle");
  }

  @Test
  void negativeMaxAttemptsAbortsDeployment() {
    assertThat(WeldSe.deploymentFailure(NegativeCap.class))
        .contains("WARREN-005", "maxAttempts=-1");
  }

  @Test
  void missingDeadLetterQueueAbortsDeploymentLikeAMissingQueue() {
    Broker.get().deleteQueue(MISSING_DLQ);
    assertThat(WeldSe.deploymentFailure(MissingDeadLetterQueue.class))
        .contains("WARREN-016", "dead letter queue '" + MISSING_DLQ + "' does not exist");
  }

  @Test
  void redeclaringWithOtherArgumentsNamesTheArgumentAndTheQueue() {
    Broker.get().queue(DECLARED, Map.of("x-max-length", 5));
    TestConfig.set("warren.declare-topology", "true");
    assertThat(WeldSe.deploymentFailure(Declares.class))
        .contains("WARREN-017", "'x-max-length'", "queue '" + DECLARED + "'", "'5'");
  }

  @Test
  void redeclaringWithAnotherDeliveryLimitNamesTheQueueBothValuesAndTheMigration() {
    Broker.get().deleteQueue(QUORUM);
    Broker.get()
        .queue(
            QUORUM,
            Map.of(
                "x-queue-type",
                "quorum",
                "x-delivery-limit",
                9,
                "x-dead-letter-exchange",
                "",
                "x-dead-letter-routing-key",
                QUORUM_DLQ));
    Broker.get().queue(QUORUM_DLQ);
    TestConfig.set("warren.declare-topology", "true");
    assertThat(WeldSe.deploymentFailure(QuorumCapDeclared.class))
        .contains("WARREN-206", "'x-delivery-limit'", "'" + QUORUM + "'", "'4'", "'9'")
        .contains("one more than the limit the queue has");
  }

  @Test
  void missingQueueAbortsDeploymentNamingConsumerMethodQueueAndFix() {
    String failure = WeldSe.deploymentFailure(MissingQueue.class);
    assertThat(failure)
        .contains("WARREN-016", "'" + MISSING + "'", MissingQueue.class.getName() + "#handle")
        .contains("warren.declare-topology=true");
  }

  @Test
  void prefetchZeroAbortsDeployment() {
    String failure = WeldSe.deploymentFailure(ZeroPrefetch.class);
    assertThat(failure)
        .contains("WARREN-005", "prefetch", "@RabbitConsumer", "set it to 1 or more");
  }

  @Test
  void prefetchZeroFromConfigNamesTheKey() {
    TestConfig.set("warren.consumers." + PRESENT + ".prefetch", "0");
    String failure = WeldSe.deploymentFailure(Fine.class);
    assertThat(failure).contains("WARREN-005", "'warren.consumers." + PRESENT + ".prefetch'");
  }

  @Test
  void unparsableConfigValueNamesKeyAndValue() {
    TestConfig.set("warren.shutdown-timeout", "soon");
    String failure = WeldSe.deploymentFailure(Fine.class);
    assertThat(failure).contains("WARREN-004", "'warren.shutdown-timeout'", "'soon'");
  }

  @Test
  void badMethodShapesAbortDeployment() {
    assertThat(WeldSe.deploymentFailure(TwoPayloads.class))
        .contains("WARREN-011", "'two-payloads'", TwoPayloads.class.getName() + "#handle");
    assertThat(WeldSe.deploymentFailure(NoPayload.class)).contains("WARREN-010", "'no-payload'");
    assertThat(WeldSe.deploymentFailure(WrongReturn.class))
        .contains("WARREN-012", "'wrong-return'", "CompletionStage<java.lang.Void>");
  }

  @Test
  void duplicateNamesAbortDeployment() {
    String failure = WeldSe.deploymentFailure(SameNameA.class, SameNameB.class);
    assertThat(failure).contains("WARREN-015", "'same'");
  }

  @Test
  void severalProblemsAreReportedTogetherInOneException() {
    String failure =
        WeldSe.deploymentFailure(
            MissingQueue.class,
            ZeroPrefetch.class,
            TwoPayloads.class,
            SameNameA.class,
            SameNameB.class);
    assertThat(failure)
        .contains("WARREN-001 Warren found 4 deployment problems")
        .contains("WARREN-016", "WARREN-005", "WARREN-011", "WARREN-015");
  }

  @Test
  void unreachableBrokerNamesTheHostButNeverThePassword() {
    TestConfig.set("warren.uri", "amqp://guest:s3cret-pw@127.0.0.1:1/");
    String failure = WeldSe.deploymentFailure(Fine.class);
    assertThat(failure).contains("WARREN-002", "'127.0.0.1:1'").doesNotContain("s3cret-pw");
  }

  @Test
  void refusedCredentialsNameTheUserButNeverThePassword() {
    TestConfig.set("warren.uri", Broker.uri("not-the-password"));
    String failure = WeldSe.deploymentFailure(Fine.class);
    assertThat(failure).contains("WARREN-003", "'guest'").doesNotContain("not-the-password");
  }

  @Test
  void declareTopologyCreatesTheQueueInsteadOfFailing() {
    TestConfig.set("warren.declare-topology", "true");
    try (WeldContainer container = WeldSe.start(Declares.class)) {
      assertThat(Broker.get().exists(DECLARED)).isTrue();
    }
  }
}
