package dev.warren.it.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Idempotent;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.Dependent;
import jakarta.transaction.Transactional;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Deployment fails, with Warren's ids, when {@code @Idempotent} cannot work: on a method that is
 * not a consumer, on a batch consumer or a responder, without {@code @Transactional}, without
 * {@code warren.datasource}, and on Weld SE at all, which has no JTA transactions (WARREN-323, the
 * Weld SE decision), even when a datasource is named.
 */
@Tag("container")
class InboxDeploymentProblemsIT {

  static final String QUEUE = "warren.it.inbox.problems";

  @Dependent
  public static class NotTransactional {
    @RabbitConsumer(queue = QUEUE, name = "inbox-plain")
    @Idempotent
    public void handle(String body) {}
  }

  @Dependent
  public static class NotAConsumer {
    @Idempotent
    @Transactional
    public void handle(String body) {}
  }

  @Dependent
  public static class Batch {
    @RabbitConsumer(queue = QUEUE, name = "inbox-batch", batchSize = 2, prefetch = 2)
    @Idempotent
    @Transactional
    public List<Outcome> handle(List<String> bodies) {
      return bodies.stream().map(b -> Outcome.ack()).toList();
    }
  }

  @Dependent
  public static class Responder {
    @RabbitConsumer(queue = QUEUE, name = "inbox-responder")
    @Idempotent
    @Transactional
    public String handle(String body) {
      return body;
    }
  }

  @Dependent
  @Transactional
  public static class Fine {
    @RabbitConsumer(queue = QUEUE, name = "inbox-fine")
    @Idempotent
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @AfterEach
  void clear() {
    TestConfig.clear();
  }

  @Test
  void anIdempotentConsumerWithoutTransactionalIsRefused() {
    TestConfig.set("warren.datasource", "java:comp/env/jdbc/none");

    assertThat(WeldSe.deploymentFailure(NotTransactional.class))
        .contains(
            "WARREN-321",
            "consumer 'inbox-plain'",
            NotTransactional.class.getName() + "#handle",
            "@jakarta.transaction.Transactional");
  }

  @Test
  void idempotentOnAMethodThatIsNoConsumerBatchOrResponderIsRefused() {
    assertThat(WeldSe.deploymentFailure(NotAConsumer.class, Batch.class, Responder.class))
        .contains(
            "WARREN-320 " + NotAConsumer.class.getName() + "#handle",
            "not a @RabbitConsumer method",
            "WARREN-320 " + Batch.class.getName() + "#handle",
            "consumer 'inbox-batch' is a batch consumer",
            "WARREN-320 " + Responder.class.getName() + "#handle",
            "consumer 'inbox-responder' is a responder");
  }

  @Test
  void anIdempotentConsumerWithoutDataSourceNamesTheSetting() {
    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains("WARREN-322", "consumer 'inbox-fine' is @Idempotent", "'warren.datasource'");
  }

  @Test
  void onWeldSeTheInboxIsRefusedForWantOfJta() {
    TestConfig.set("warren.datasource", "java:comp/env/jdbc/orders");

    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains(
            "WARREN-323",
            "consumer 'inbox-fine' is @Idempotent",
            "needs a Jakarta EE server's JTA transactions",
            "WARREN-324",
            "'java:comp/env/jdbc/orders'")
        .doesNotContain("WARREN-322");
  }

  @Test
  void warrensInterceptorInsideTheInboxIsRefused() {
    TestConfig.set("warren.interceptor.priority", "300");

    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains("WARREN-326", "'warren.interceptor.priority' is 300", "below 250");
  }
}
