package dev.warren.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.ConnectionFactory;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.telemetry.Telemetry;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The heartbeat executor that the per-consumer layout's connections (the publisher's included)
 * share: the client sends each heartbeat under its socket's write lock, so a connection blocked by
 * a broker alarm with a full send buffer holds its heartbeat task for as long as the alarm lasts.
 * Another connection's heartbeats must go on meanwhile, or the broker closes those connections for
 * missed heartbeats (their unacked deliveries returned). The executor is taken from the connection
 * factory Warren configures, as the client takes it; the blocked socket is a task that waits.
 */
class SharedHeartbeatsTest {

  private final CountDownLatch socketFreed = new CountDownLatch(1);
  private WarrenRuntime runtime;

  @AfterEach
  void stop() {
    socketFreed.countDown();
    if (runtime != null) {
      runtime.stop();
    }
  }

  private ScheduledExecutorService heartbeatsOf(String layout) throws Exception {
    WarrenConfig config =
        new WarrenConfig(
            new SmallRyeConfigBuilder()
                .withSources(
                    new PropertiesConfigSource(Map.of("warren.connections", layout), "test", 100))
                .build(),
            problem -> {
              throw new AssertionError(problem);
            });
    runtime =
        new WarrenRuntime(
            config.global("heartbeats-test"), null, ThreadSource.plain(), Telemetry.NONE);
    ConnectionFactory factory = runtime.connectionFactory();
    Field executor = ConnectionFactory.class.getDeclaredField("heartbeatExecutor");
    executor.setAccessible(true);
    return (ScheduledExecutorService) executor.get(factory);
  }

  @Test
  void aConnectionBlockedInItsSocketNeverHoldsBackAnothersHeartbeats() throws Exception {
    ScheduledExecutorService heartbeats = heartbeatsOf("per-consumer");
    assertThat(heartbeats).as("per-consumer connections share a heartbeat executor").isNotNull();
    AtomicInteger blockedRuns = new AtomicInteger();
    AtomicInteger beats = new AtomicInteger();

    // the publisher's connection: its heartbeat waits for the socket's write lock
    heartbeats.scheduleAtFixedRate(
        () -> {
          blockedRuns.incrementAndGet();
          try {
            socketFreed.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        },
        0,
        20,
        TimeUnit.MILLISECONDS);
    // a consumer's idle connection
    heartbeats.scheduleAtFixedRate(beats::incrementAndGet, 10, 20, TimeUnit.MILLISECONDS);

    await().atMost(Duration.ofSeconds(3)).until(() -> beats.get() >= 20);
    // the blocked connection's later ticks are skipped while it waits: one thread held, not one
    // per tick
    assertThat(blockedRuns.get()).isEqualTo(1);
  }

  @Test
  void otherLayoutsLeaveTheClientOneHeartbeatThreadPerConnection() throws Exception {
    assertThat(heartbeatsOf("by-role")).isNull();
  }
}
