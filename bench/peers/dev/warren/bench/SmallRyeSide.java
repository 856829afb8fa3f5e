package dev.warren.bench;

import com.rabbitmq.client.ConnectionFactory;
import dev.warren.it.support.TestConfig;
import io.smallrye.config.inject.ConfigExtension;
import io.smallrye.reactive.messaging.providers.MediatorFactory;
import io.smallrye.reactive.messaging.providers.connectors.ExecutionHolder;
import io.smallrye.reactive.messaging.providers.connectors.WorkerPoolRegistry;
import io.smallrye.reactive.messaging.providers.extension.ChannelProducer;
import io.smallrye.reactive.messaging.providers.extension.EmitterFactoryImpl;
import io.smallrye.reactive.messaging.providers.extension.HealthCenter;
import io.smallrye.reactive.messaging.providers.extension.LegacyEmitterFactoryImpl;
import io.smallrye.reactive.messaging.providers.extension.MediatorManager;
import io.smallrye.reactive.messaging.providers.extension.MutinyEmitterFactoryImpl;
import io.smallrye.reactive.messaging.providers.extension.ReactiveMessagingExtension;
import io.smallrye.reactive.messaging.providers.impl.ConfiguredChannelFactory;
import io.smallrye.reactive.messaging.providers.impl.ConnectorFactories;
import io.smallrye.reactive.messaging.providers.impl.InternalChannelRegistry;
import io.smallrye.reactive.messaging.providers.wiring.Wiring;
import io.smallrye.reactive.messaging.rabbitmq.OutgoingRabbitMQMetadata;
import io.smallrye.reactive.messaging.rabbitmq.RabbitMQConnector;
import io.smallrye.reactive.messaging.rabbitmq.converter.ByteArrayMessageConverter;
import io.smallrye.reactive.messaging.rabbitmq.fault.RabbitMQReject;
import jakarta.enterprise.inject.spi.Extension;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * SmallRye Reactive Messaging's RabbitMQ connector ({@code smallrye-reactive-messaging-rabbitmq},
 * on Vert.x's RabbitMQ client and Mutiny) on Weld SE, configured through MicroProfile Config as its
 * users configure it, each run in a container of its own (Warren's extension not in it).
 *
 * <ul>
 *   <li>Consume: an {@code @Incoming} method taking the {@code Message<byte[]>} (the connector's
 *       {@link ByteArrayMessageConverter} copies the body into it) and returning its {@code ack()};
 *       {@code max-outstanding-messages} 250 (the prefetch), the queue neither declared nor bound
 *       by the connector ({@code queue.declare=false}, {@code exchange.declare=false}). A message
 *       counts once its ack has been sent ({@link SmallRyeAcks}), and the container closes only
 *       then.
 *   <li>Latency: the same, with {@link SmallRyeLatencyConsumer} reporting each delivery before its
 *       ack.
 *   <li>Publish: an {@code Emitter<byte[]>} sending each body as a {@code Message} with {@link
 *       OutgoingRabbitMQMetadata} delivery mode 2 (the connector sends transient messages unless
 *       told) and {@code application/octet-stream}, to the default exchange ({@code
 *       exchange.name=""}) with the queue as {@code default-routing-key}, {@code
 *       publish-confirms=true}, {@code max-inflight-messages} 1000, at most 1000 unconfirmed (a
 *       semaphore, as raw's). The connector cannot publish mandatory: a message no queue takes is
 *       confirmed and lost.
 *   <li>Retry and request/reply: no counterpart. The connector's failure strategies reject, requeue
 *       (no attempt count, no cap on a classic queue) or accept a nacked message; it has no
 *       request/reply.
 * </ul>
 *
 * <p>Tracing is off ({@code tracing.enabled=false}; on by default): the connector's tracing
 * (OpenTelemetry instrumentation API 2.23) needs a class of the OpenTelemetry API that 1.68, which
 * Warren is built with and which is on this class path, no longer has ({@code NoClassDefFoundError:
 * io/opentelemetry/api/internal/InstrumentationUtil} on every message). Warren keeps its telemetry
 * on, with the API and no SDK (the no-op).
 */
final class SmallRyeSide implements PeerSide {

  /**
   * Held, so that the levels stay set: Vert.x warns with a stack trace every second while the first
   * delivery waits for the clock on its event loop ({@link Tally#openWhenReady}).
   */
  private static final List<Logger> QUIET =
      List.of(Logger.getLogger("io.vertx"), Logger.getLogger("io.smallrye.reactive.messaging"));

  private static final OutgoingRabbitMQMetadata PERSISTENT =
      OutgoingRabbitMQMetadata.builder()
          .withDeliveryMode(2)
          .withContentType("application/octet-stream")
          .build();

  private final String host;
  private final int port;
  private final String username;
  private final String password;
  private final String virtualHost;

  SmallRyeSide(String uri) {
    ConnectionFactory factory = new ConnectionFactory();
    try {
      factory.setUri(uri);
    } catch (Exception e) {
      throw new IllegalArgumentException("warren.uri: " + e.getMessage(), e);
    }
    host = factory.getHost();
    port = factory.getPort();
    username = factory.getUsername();
    password = factory.getPassword();
    virtualHost = factory.getVirtualHost().isEmpty() ? "/" : factory.getVirtualHost();
    QUIET.forEach(logger -> logger.setLevel(Level.SEVERE));
  }

  @Override
  public String label() {
    return "SmallRye RM RabbitMQ";
  }

  @Override
  public boolean covers(Scenario scenario) {
    return Set.of(Scenario.CONSUME, Scenario.PUBLISH, Scenario.LATENCY).contains(scenario);
  }

  @Override
  public boolean lacks(Scenario scenario) {
    return !covers(scenario);
  }

  @Override
  public Tally.Run consume(String queue, boolean quorum, int messages, long timeoutSeconds)
      throws Exception {
    Tally tally = new Tally(messages);
    Tally.current = tally;
    SmallRyeAcks.current = new SmallRyeAcks.Sent(tally);
    incoming(SmallRyeConsumer.CHANNEL, queue);
    try (WeldContainer container = boot(SmallRyeConsumer.class)) {
      String what = label() + " consume from '" + queue + "'";
      tally.openWhenReady(timeoutSeconds, what);
      return tally.await(timeoutSeconds, what);
    } finally {
      TestConfig.clear();
    }
  }

  @Override
  public LatencySide latency() {
    return new LatencySide() {
      @Override
      public String label() {
        return SmallRyeSide.this.label();
      }

      @Override
      public AutoCloseable start(
          BenchBroker broker, String queue, boolean quorum, Arrivals arrivals) {
        Arrivals.current = arrivals;
        SmallRyeAcks.Sent sent = new SmallRyeAcks.Sent(null);
        SmallRyeAcks.current = sent;
        incoming(SmallRyeLatencyConsumer.CHANNEL, queue);
        WeldContainer container;
        try {
          container = boot(SmallRyeLatencyConsumer.class);
        } catch (RuntimeException e) {
          TestConfig.clear();
          throw e;
        }
        return () -> {
          // stopped once every delivery's ack has gone out, as the consume side
          try (container) {
            sent.await(arrivals.count(), 60, label() + " latency on '" + queue + "'");
          } finally {
            TestConfig.clear();
          }
        };
      }
    };
  }

  /**
   * Configures {@code channel} to consume {@code queue}: prefetch {@value
   * ConsumeScenario#PREFETCH}, the queue neither declared nor bound by the connector.
   */
  private void incoming(String channel, String queue) {
    String prefix = "mp.messaging.incoming." + channel + ".";
    connection(prefix);
    TestConfig.set(prefix + "queue.name", queue);
    TestConfig.set(prefix + "queue.declare", "false");
    TestConfig.set(prefix + "exchange.declare", "false");
    TestConfig.set(prefix + "max-outstanding-messages", Integer.toString(ConsumeScenario.PREFETCH));
  }

  @Override
  public Tally.Run publish(String queue, int messages, int window, long timeoutSeconds)
      throws Exception {
    Tally tally = new Tally(messages);
    String channel = "mp.messaging.outgoing." + SmallRyeEmitter.CHANNEL + ".";
    connection(channel);
    TestConfig.set(channel + "exchange.name", "\"\"");
    TestConfig.set(channel + "exchange.declare", "false");
    TestConfig.set(channel + "default-routing-key", queue);
    TestConfig.set(channel + "publish-confirms", "true");
    TestConfig.set(channel + "max-inflight-messages", Integer.toString(window));
    try (WeldContainer container = boot(SmallRyeEmitter.class)) {
      var emitter = container.select(SmallRyeEmitter.class).get().emitter();
      Semaphore unconfirmed = new Semaphore(window);
      Metadata metadata = Metadata.of(PERSISTENT);
      Tally.awaitQuietCompiler();
      tally.start();
      for (int i = 0; i < messages; i++) {
        unconfirmed.acquire();
        emitter.send(
            Message.of(
                BenchBroker.body(i),
                metadata,
                () -> {
                  unconfirmed.release();
                  tally.finished();
                  return CompletableFuture.completedFuture(null);
                },
                failure -> {
                  unconfirmed.release();
                  tally.failed();
                  return CompletableFuture.completedFuture(null);
                }));
      }
      return tally.await(timeoutSeconds, label() + " publish");
    } finally {
      TestConfig.clear();
    }
  }

  /** The broker's address and credentials for a channel's connection of its own. */
  private void connection(String channel) {
    TestConfig.set(channel + "connector", RabbitMQConnector.CONNECTOR_NAME);
    TestConfig.set(channel + "host", host);
    TestConfig.set(channel + "port", Integer.toString(port));
    TestConfig.set(channel + "username", username);
    TestConfig.set(channel + "password", password);
    TestConfig.set(channel + "virtual-host", virtualHost);
    TestConfig.set(channel + "tracing.enabled", "false");
  }

  /**
   * Weld SE with the connector's and Reactive Messaging's beans, the ack counter ({@link
   * SmallRyeAcks}) and {@code application}. The connector's converter to {@code byte[]} is one of
   * its beans, as an application that discovers them has it: without it a {@code Message<byte[]>}
   * carries the Vert.x buffer the client made, and reading it as {@code byte[]} fails.
   */
  private static WeldContainer boot(Class<?> application) {
    // SmallRye Config caches the names of the properties it has seen, and the connector finds its
    // channels by name: an earlier run's channel, no longer configured, would fail this boot
    ConfigProviderResolver.instance().releaseConfig(ConfigProvider.getConfig());
    ConfigProvider.getConfig();
    List<Extension> extensions = new ArrayList<>();
    extensions.add(new ConfigExtension());
    extensions.add(new ReactiveMessagingExtension());
    return WeldBoot.withoutWarren(
        extensions,
        MediatorFactory.class,
        MediatorManager.class,
        InternalChannelRegistry.class,
        ConnectorFactories.class,
        ConfiguredChannelFactory.class,
        ChannelProducer.class,
        ExecutionHolder.class,
        WorkerPoolRegistry.class,
        HealthCenter.class,
        Wiring.class,
        EmitterFactoryImpl.class,
        MutinyEmitterFactoryImpl.class,
        LegacyEmitterFactoryImpl.class,
        RabbitMQConnector.class,
        RabbitMQReject.Factory.class,
        ByteArrayMessageConverter.class,
        SmallRyeAcks.class,
        application);
  }
}
