package dev.warren.it.interceptor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.Dependent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Deployment fails, with Warren's ids, when its interceptor cannot interpret a consumer's outcomes:
 * a consumer method or class that is final cannot be intercepted, and the priority must be a whole
 * number.
 */
@Tag("container")
class InterceptorDeploymentProblemsIT {

  static final String QUEUE = "warren.it.interceptor.problems";

  @Dependent
  public static class FinalMethod {
    @RabbitConsumer(queue = QUEUE)
    public final Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @Dependent
  public static final class FinalClass {
    @RabbitConsumer(queue = QUEUE)
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @Dependent
  public static class Fine {
    @RabbitConsumer(queue = QUEUE, name = "fine")
    public Outcome handle(String body) {
      return Outcome.ack();
    }
  }

  @AfterEach
  void clear() {
    TestConfig.clear();
  }

  @Test
  void aFinalConsumerMethodIsRefused() {
    assertThat(WeldSe.deploymentFailure(FinalMethod.class))
        .contains("WARREN-150", FinalMethod.class.getName() + "#handle", "the method is final")
        .doesNotContain("WELD-");
  }

  @Test
  void aConsumerInAFinalClassIsRefused() {
    assertThat(WeldSe.deploymentFailure(FinalClass.class))
        .contains("WARREN-150", "its class '" + FinalClass.class.getName() + "' is final");
  }

  @Test
  void aPriorityThatIsNoNumberIsRefused() {
    TestConfig.set("warren.interceptor.priority", "first");

    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains("WARREN-004", "'warren.interceptor.priority'", "'first'");
  }
}
