package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Argument;
import dev.warren.RabbitConsumer;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.it.support.Broker;
import dev.warren.it.support.LogCapture;
import dev.warren.it.support.TestConfig;
import dev.warren.it.support.WeldSe;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.DeploymentException;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Queue arguments RabbitMQ 4.3 refuses or ignores are reported at deployment instead of at run
 * time: {@code x-queue-master-locator} (whose declare closes the whole connection there, 541, and
 * on 4.0 when deprecated features are denied) and {@code x-queue-version = 1} (406) are deployment
 * problems and the queue is not declared; {@code x-queue-mode} (ignored) is a warning. Before 4.3
 * the other consumers deploy.
 */
class VersionArgumentsIT {

  static final String LOCATOR = "warren.it.arguments.locator";
  static final String QUEUE_VERSION = "warren.it.arguments.version";
  static final String MODE = "warren.it.arguments.mode";

  @BeforeEach
  void prepare() {
    TestConfig.clear();
    TestConfig.set("warren.declare-topology", "true");
    for (String queue : new String[] {LOCATOR, QUEUE_VERSION, MODE}) {
      Broker.get().deleteQueue(queue);
      Broker.get().forget(queue);
    }
  }

  @AfterEach
  void cleanUp() {
    for (String queue : new String[] {LOCATOR, QUEUE_VERSION, MODE}) {
      Broker.get().deleteQueue(queue);
    }
    TestConfig.clear();
    Broker.get().cleanUp();
  }

  @ApplicationScoped
  public static class Locator {
    @RabbitConsumer(
        queue = LOCATOR,
        arguments = @Argument(name = "x-queue-master-locator", value = "min-masters"))
    public void handle(String body) {}
  }

  @ApplicationScoped
  public static class QueueVersionOne {
    @RabbitConsumer(
        queue = QUEUE_VERSION,
        arguments = @Argument(name = "x-queue-version", value = "1", type = Argument.Type.NUMBER))
    public void handle(String body) {}
  }

  @ApplicationScoped
  public static class Lazy {
    @RabbitConsumer(queue = MODE, arguments = @Argument(name = "x-queue-mode", value = "lazy"))
    public void handle(String body) {}
  }

  private static BrokerVersion version() {
    return Broker.get().version();
  }

  @Test
  void theMasterLocatorIsADeploymentProblemWhereTheNodeWouldCloseTheConnection() {
    BrokerVersion version = version();
    if (version.deprecatesQueueMasterLocator()) {
      // tried on a probe connection: refused by 4.3 by default, and by 4.0 with deprecated
      // features denied (as CI's 4.0.5 node is); permitted otherwise, with a warning
      String failure = null;
      try (LogCapture logs = LogCapture.start()) {
        try (WeldContainer container = WeldSe.start(Locator.class)) {
          assertThat(logs.messagesContaining("WARREN-286"))
              .singleElement()
              .asString()
              .contains("'x-queue-master-locator'", "deprecated");
          assertThat(Broker.get().exists(LOCATOR)).isTrue();
        } catch (DeploymentException e) {
          StringBuilder text = new StringBuilder();
          for (Throwable t = e; t != null; t = t.getCause()) {
            text.append(t.getMessage()).append('\n');
          }
          failure = text.toString();
        }
      }
      if (version.refusesClassicQueueLegacyArguments()) {
        assertThat(failure).as("RabbitMQ %s refuses it by default", version).isNotNull();
      }
      if (failure != null) {
        assertThat(failure)
            .contains("WARREN-285", "'x-queue-master-locator'", "541", "'" + LOCATOR + "'");
        assertThat(Broker.get().exists(LOCATOR)).isFalse();
      }
    } else {
      try (LogCapture logs = LogCapture.start();
          WeldContainer container = WeldSe.start(Locator.class)) {
        assertThat(Broker.get().exists(LOCATOR)).isTrue();
        assertThat(logs.messagesContaining("WARREN-286")).isEmpty();
      }
    }
  }

  @Test
  void queueVersionOneIsADeploymentProblemOnFourThree() {
    if (version().refusesClassicQueueLegacyArguments()) {
      assertThat(WeldSe.deploymentFailure(QueueVersionOne.class))
          .contains("WARREN-285", "'x-queue-version'", "406");
      assertThat(Broker.get().exists(QUEUE_VERSION)).isFalse();
    } else {
      try (WeldContainer container = WeldSe.start(QueueVersionOne.class)) {
        assertThat(Broker.get().exists(QUEUE_VERSION)).isTrue();
      }
    }
  }

  @Test
  void queueModeIsAWarningOnFourThreeWhichIgnoresIt() {
    try (LogCapture logs = LogCapture.start();
        WeldContainer container = WeldSe.start(Lazy.class)) {
      assertThat(Broker.get().exists(MODE)).isTrue();
      if (version().refusesClassicQueueLegacyArguments()) {
        assertThat(logs.messagesContaining("WARREN-286"))
            .singleElement()
            .asString()
            .contains("'x-queue-mode'", "ignored", "'" + MODE + "'");
      } else {
        assertThat(logs.messagesContaining("WARREN-286")).isEmpty();
      }
    }
  }
}
