package dev.warren.test;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Envelope;
import dev.warren.OutgoingMessage;
import dev.warren.QueueType;
import dev.warren.internal.codec.Headers;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.codec.PayloadEncoder;
import dev.warren.internal.extension.ConsumerModel;
import dev.warren.internal.extension.WarrenExtension;
import dev.warren.internal.invocation.BeanTarget;
import dev.warren.internal.invocation.FailureMapping;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.HandlerInvoker;
import dev.warren.internal.logging.Messages;
import dev.warren.internal.settlement.Action;
import dev.warren.internal.settlement.Attempts;
import dev.warren.internal.settlement.Settlement;
import dev.warren.spi.Codec;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.Extension;
import java.lang.annotation.Annotation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Boots an application's beans in Weld SE with Warren's extension, and delivers messages to its
 * consumers <b>without a broker</b>: the real decode (payload and {@code @Header} parameters), the
 * CDI request context, the application's interceptors with Warren's among them, failure mapping and
 * the settlement decision run as they do for a delivery from RabbitMQ; what would go to the broker
 * is reported instead of sent.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final WarrenTestKit kit = WarrenTestKit.withoutBroker(Orders.class, Stock.class)
 *     .config("warren.consumers.orders.max-attempts", "3");
 *
 * @Test
 * void busyStockIsRetriedWithACopy() {
 *   Delivered d = kit.deliver("orders", TestMessage.payload(new Order("o-1", 2)).attempt(1));
 *   assertThat(d.outcome()).isEqualTo(Outcome.retry());
 *   assertThat(d.frames()).hasSize(2); // a copy with x-warren-retry-count=1, then the reject
 * }
 * }</pre>
 *
 * <p>Register it as a JUnit 5 extension (it boots before the class's tests and shuts down after
 * them) or use it in try-with-resources after {@link #start()}. Deployment validation runs as in
 * production (a consumer method Warren would refuse fails {@link #start()} with the same {@code
 * WARREN-nnn} lines), except what needs the broker: consumers are not started (the kit sets {@code
 * warren.consumers.defaults.enabled=false}), queues are not checked. The injected {@code Publisher}
 * and {@code Requester} record what they are asked to send ({@link Delivered#published()}, {@link
 * Delivered#requests()}); answer requests with {@link #answer}. {@code @Inject Connection} and
 * {@code Channel} would need the broker. One kit runs at a time per JVM.
 */
public final class WarrenTestKit implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

  private static final long HANDLER_TIMEOUT_SECONDS = 30;

  private final boolean broker;
  private final List<Class<?>> beanClasses;
  private final Map<String, String> config = new LinkedHashMap<>();
  private final Map<String, HandlerInvoker> invokers = new ConcurrentHashMap<>();
  private final AtomicLong deliveryTags = new AtomicLong();
  private final List<CreationalContext<?>> contexts = new ArrayList<>();
  private WeldContainer container;
  private WarrenExtension extension;
  private Doubles.Recorders recorders;
  private FailureMapping failures;

  private WarrenTestKit(boolean broker, Class<?>... beanClasses) {
    this.broker = broker;
    this.beanClasses = List.of(beanClasses);
  }

  /**
   * A kit for the application's bean classes (consumers, the beans they inject, failure mappers,
   * interceptors with {@code @Priority}, a codec), without a broker.
   */
  public static WarrenTestKit withoutBroker(Class<?>... beanClasses) {
    return new WarrenTestKit(false, beanClasses);
  }

  /**
   * A kit for the application's bean classes with Warren running for real against the broker at
   * {@code warren.uri}: deployment checks (or declares) the topology, the application's consumers
   * consume (its responders answer requests), and the injected {@code Publisher}, {@code
   * Requester}, {@code Connection} and {@code Channel} are Warren's own. {@link #deliver} works as
   * without a broker (the message is handed to the consumer in-process, and the frames are Warren's
   * decision, not sent); what the handler sends goes to the broker, so {@link
   * Delivered#published()} and {@link Delivered#requests()} are empty: look at the broker.
   */
  public static WarrenTestKit withBroker(Class<?>... beanClasses) {
    return new WarrenTestKit(true, beanClasses);
  }

  /**
   * Sets a configuration value (as {@code microprofile-config.properties} would, and above it),
   * e.g. {@code config("warren.consumers.orders.max-attempts", "3")}; call before {@link #start()}.
   */
  public WarrenTestKit config(String key, String value) {
    if (container != null) {
      throw new IllegalStateException("the kit has started: set its configuration before");
    }
    config.put(key, value);
    return this;
  }

  /**
   * Boots the beans with Warren's extension (and every other extension on the class path).
   *
   * @throws jakarta.enterprise.inject.spi.DeploymentException when Warren (or CDI) refuses the
   *     deployment, with Warren's {@code WARREN-nnn} lines
   */
  public WarrenTestKit start() {
    if (container != null) {
      return this;
    }
    Map<String, String> settings = new LinkedHashMap<>();
    if (!broker) {
      settings.put("warren.consumers.defaults.enabled", "false");
    }
    settings.putAll(config);
    KitConfigSource.use(settings);
    Weld weld =
        new Weld("warren-test-kit-" + UUID.randomUUID())
            .disableDiscovery()
            .addBeanClasses(beanClasses.toArray(Class<?>[]::new));
    if (!broker) {
      weld.addBeanClass(Doubles.class);
    }
    ServiceLoader.load(Extension.class).forEach(weld::addExtension);
    try {
      container = weld.initialize();
    } catch (RuntimeException e) {
      KitConfigSource.use(Map.of());
      throw e;
    }
    extension = container.select(WarrenExtension.class).get();
    // with a broker nothing is recorded: the application's sends go to the broker
    recorders = new Doubles.Recorders(extension.runtime().codec());
    if (!broker) {
      Doubles.current = recorders;
    }
    failures = FailureMapping.resolve(container.getBeanManager(), contexts::add);
    return this;
  }

  /** Shuts the beans down (the application scope ends, as at undeploy). */
  @Override
  public void close() {
    if (container != null) {
      contexts.forEach(CreationalContext::release);
      contexts.clear();
      container.close();
      container = null;
      invokers.clear();
      Doubles.current = null;
      KitConfigSource.use(Map.of());
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  /**
   * Answers requests to {@code exchange} with {@code routingKey} made through the injected {@code
   * Requester}: the reply is {@code answer}'s value, as it is when it has the requested reply type,
   * else encoded and decoded into it as a reply from the broker would be.
   */
  public WarrenTestKit answer(
      String exchange, String routingKey, Function<OutgoingMessage, Object> answer) {
    recorders().requester.answers.put(Doubles.AnsweringRequester.key(exchange, routingKey), answer);
    return this;
  }

  /** Everything published through the injected {@code Publisher} since the kit started. */
  public List<OutgoingMessage> published() {
    return List.copyOf(recorders().publisher.sent);
  }

  /** Every request made through the injected {@code Requester} since the kit started. */
  public List<SentRequest> requests() {
    return List.copyOf(recorders().requester.sent);
  }

  /** A bean of the booted application, e.g. to check what a handler stored. */
  public <T> T bean(Class<T> type, Annotation... qualifiers) {
    return started().select(type, qualifiers).get();
  }

  /**
   * Delivers {@code message} to the consumer named {@code consumer} and reports what came of it,
   * after the handler (and a returned stage) completed.
   *
   * @throws IllegalArgumentException if there is no such consumer ({@code WARREN-215}) or it is a
   *     batch consumer ({@code WARREN-216})
   * @throws IllegalStateException if the handler did not complete within 30 s
   */
  public Delivered deliver(String consumer, TestMessage message) {
    ConsumerModel model = model(consumer);
    String retryCountHeader = extension.deployment().global().retryCountHeader();
    KitDelivery delivery = delivery(model, message, retryCountHeader);
    int publishedBefore = recorders.publisher.sent.size();
    int requestedBefore = recorders.requester.sent.size();
    Handled handled;
    Throwable fatal = null;
    try {
      handled =
          invoker(model)
              .invoke(delivery)
              .toCompletableFuture()
              .get(HANDLER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      handled = null;
      fatal = e.getCause();
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "consumer '" + consumer + "' did not complete within " + HANDLER_TIMEOUT_SECONDS + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while consumer '" + consumer + "' ran", e);
    } catch (Error e) {
      handled = null;
      fatal = e;
    }
    List<OutgoingMessage> published =
        List.copyOf(
            recorders.publisher.sent.subList(publishedBefore, recorders.publisher.sent.size()));
    List<SentRequest> requests =
        List.copyOf(
            recorders.requester.sent.subList(requestedBefore, recorders.requester.sent.size()));
    if (handled == null) {
      return new Delivered(null, null, fatal, List.of(), Optional.empty(), published, requests);
    }
    List<Frame> frames = new ArrayList<>();
    Optional<Frame.Publish> reply = Optional.empty();
    if (handled.reply() != null && delivery.replyTo().filter(r -> !r.isBlank()).isPresent()) {
      reply = Optional.of(replyFrame(delivery, handled));
      frames.add(reply.get());
    }
    Action action =
        Settlement.decide(
            handled.outcome(),
            delivery.attempt(),
            delivery.rawHeaders(),
            handled.failure(),
            model.policy(retryCountHeader));
    frames.addAll(frames(action, delivery));
    return new Delivered(
        handled.outcome(),
        handled.failure(),
        null,
        List.copyOf(frames),
        reply,
        published,
        requests);
  }

  private WeldContainer started() {
    if (container == null) {
      throw new IllegalStateException(
          "the kit has not started: register it with @RegisterExtension or call start()");
    }
    return container;
  }

  private Doubles.Recorders recorders() {
    started();
    if (broker) {
      throw new IllegalStateException(
          "a kit with the broker records nothing: what the application sends goes to the broker");
    }
    return recorders;
  }

  private ConsumerModel model(String consumer) {
    started();
    List<ConsumerModel> consumers = extension.deployment().consumers();
    ConsumerModel model =
        consumers.stream()
            .filter(m -> m.name().equals(consumer))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        Messages.kitNoConsumer(
                            consumer,
                            consumers.stream()
                                .map(m -> "'" + m.name() + "'")
                                .collect(Collectors.joining(", ")))));
    if (model.shape().batch()) {
      throw new IllegalArgumentException(Messages.kitBatchConsumer(model.name(), model.where()));
    }
    return model;
  }

  private HandlerInvoker invoker(ConsumerModel model) {
    return invokers.computeIfAbsent(
        model.name(),
        name -> {
          BeanManager beanManager = container.getBeanManager();
          CreationalContext<?> context = beanManager.createCreationalContext(model.bean());
          contexts.add(context);
          Codec codec = extension.runtime().codec();
          return new HandlerInvoker(
              model,
              BeanTarget.of(beanManager, model.bean(), context),
              PayloadDecoder.of(model.shape().payloadType(), codec),
              failures,
              beanManager.createInstance().select(RequestContextController.class),
              codec);
        });
  }

  /** The delivery the client would hand Warren for {@code message} on the consumer's queue. */
  private KitDelivery delivery(ConsumerModel model, TestMessage message, String retryCountHeader) {
    AMQP.BasicProperties.Builder properties = new AMQP.BasicProperties.Builder();
    byte[] body;
    if (message.body != null) {
      body = message.body;
    } else {
      try {
        body = PayloadEncoder.encode(message.payload, extension.runtime().codec(), properties);
      } catch (Exception e) {
        throw new IllegalArgumentException("the kit cannot encode the payload: " + e, e);
      }
    }
    Map<String, Object> headers = new HashMap<>(message.headers);
    if (message.attempt > 1) {
      // counted where the broker (quorum) or Warren (classic) counts
      headers.put(
          model.queueType() == QueueType.QUORUM ? Attempts.DELIVERY_COUNT : retryCountHeader,
          (long) (message.attempt - 1));
    }
    if (message.contentType != null) {
      properties.contentType(message.contentType);
    }
    if (message.contentEncoding != null) {
      properties.contentEncoding(message.contentEncoding);
    }
    properties
        .headers(headers.isEmpty() ? null : headers)
        .deliveryMode(message.persistent ? 2 : 1)
        .messageId(message.messageId)
        .correlationId(message.correlationId)
        .timestamp(message.timestamp == null ? null : Date.from(message.timestamp))
        .appId(message.appId)
        .type(message.type)
        .userId(message.userId)
        .replyTo(message.replyTo)
        .priority(message.priority)
        .expiration(
            message.expiration == null ? null : Long.toString(message.expiration.toMillis()));
    AMQP.BasicProperties built = properties.build();
    Envelope envelope =
        new Envelope(
            deliveryTags.incrementAndGet(),
            message.redelivered,
            message.exchange,
            message.routingKey == null ? model.queue() : message.routingKey);
    return new KitDelivery(
        model.name(),
        model.queue(),
        envelope,
        built,
        body,
        Attempts.of(model.queueType(), built.getHeaders(), retryCountHeader));
  }

  private static Frame.Publish replyFrame(KitDelivery request, Handled handled) {
    Object payload = handled.reply().payload();
    byte[] body =
        payload instanceof String text ? text.getBytes(StandardCharsets.UTF_8) : (byte[]) payload;
    return new Frame.Publish(
        "",
        request.replyTo().orElseThrow(),
        Map.of(),
        null,
        false,
        request.correlationId().orElse(null),
        body);
  }

  /** The frames of a settlement decision, in the order the runtime sends them. */
  private static List<Frame> frames(Action action, KitDelivery delivery) {
    if (action instanceof Action.Ack) {
      return List.of(Frame.ack());
    }
    if (action instanceof Action.Reject reject) {
      return List.of(Frame.reject(reject.requeue()));
    }
    if (action instanceof Action.Later later) {
      List<Frame> frames = new ArrayList<>();
      frames.add(new Frame.Wait(later.delay()));
      frames.addAll(frames(later.copy(), delivery));
      return frames;
    }
    Action.Copy copy = (Action.Copy) action;
    return List.of(
        new Frame.Publish(
            copy.exchange(),
            copy.routingKey(),
            Headers.plain(copy.headers()),
            copy.expiration(),
            copy.persistent(),
            delivery.correlationId().orElse(null),
            delivery.body()),
        copy.ackOriginal() ? Frame.ack() : Frame.reject(false));
  }
}
