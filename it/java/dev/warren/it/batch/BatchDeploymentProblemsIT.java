package dev.warren.it.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.it.support.Broker;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * SPEC sections 6 and 7: a batch consumer whose batch cannot fill, whose parameter is not a list,
 * or whose settings do not parse aborts deployment with ids naming the consumer and the setting.
 */
@Tag("container")
class BatchDeploymentProblemsIT {

  static final String QUEUE = "warren.it.batch.deploy";

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    Broker.get().queue(QUEUE);
  }

  @AfterEach
  void cleanUp() {
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  @ApplicationScoped
  public static class LargerThanPrefetch {
    @RabbitConsumer(queue = QUEUE, name = "too-big", batchSize = 300)
    public Outcome onBatch(List<String> bodies) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class NotAList {
    @RabbitConsumer(queue = QUEUE, name = "not-a-list", batchSize = 10)
    public Outcome onBatch(String body) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class BadWait {
    @RabbitConsumer(queue = QUEUE, name = "bad-wait", batchSize = 10, batchWait = "soon")
    public Outcome onBatch(List<String> bodies) {
      return Outcome.ack();
    }
  }

  @ApplicationScoped
  public static class Fine {
    @RabbitConsumer(queue = QUEUE, name = "fine", batchSize = 10)
    public Outcome onBatch(List<String> bodies) {
      return Outcome.ack();
    }
  }

  @Test
  void aBatchLargerThanPrefetchAbortsDeployment() {
    assertThat(WeldSe.deploymentFailure(LargerThanPrefetch.class))
        .contains("WARREN-071", "'too-big'", LargerThanPrefetch.class.getName() + "#onBatch")
        .contains("batchSize=300", "prefetch=250");
  }

  @Test
  void aBatchSizeFromConfigIsCheckedAgainstPrefetchFromConfig() {
    TestConfig.set("warren.consumers.fine.prefetch", "5");
    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains("WARREN-071", "'fine'", "batchSize=10", "prefetch=5");
  }

  @Test
  void aBatchParameterThatIsNotAListAbortsDeployment() {
    assertThat(WeldSe.deploymentFailure(NotAList.class))
        .contains("WARREN-070", "'not-a-list'", "batchSize=10", "'java.lang.String'");
  }

  @Test
  void aBatchSizeFromConfigOverridesTheAnnotation() {
    // batch-size=1 makes it a plain consumer, whose String payload is fine
    TestConfig.set("warren.consumers.not-a-list.batch-size", "1");
    try (WeldContainer container = WeldSe.start(NotAList.class)) {
      assertThat(container.isRunning()).isTrue();
    }
  }

  @Test
  void anUnparsableBatchWaitAbortsDeploymentNamingTheSetting() {
    assertThat(WeldSe.deploymentFailure(BadWait.class))
        .contains("WARREN-005", "'bad-wait'", "batchWait='soon'", "@RabbitConsumer");
    TestConfig.set("warren.consumers.fine.batch-wait", "0ms");
    assertThat(WeldSe.deploymentFailure(Fine.class))
        .contains("WARREN-004", "'warren.consumers.fine.batch-wait'", "'0ms'", "longer than zero");
  }
}
