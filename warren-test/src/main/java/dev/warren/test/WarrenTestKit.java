package dev.warren.test;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.Envelope;
import dev.warren.OutgoingMessage;
import dev.warren.QueueType;
import dev.warren.Warren;
import dev.warren.internal.codec.Headers;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.codec.PayloadEncoder;
import dev.warren.internal.config.AmqpUri;
import dev.warren.internal.extension.WarrenExtension;
import dev.warren.internal.invocation.BatchInvoker;
import dev.warren.internal.invocation.BeanTarget;
import dev.warren.internal.invocation.FailureMapping;
import dev.warren.internal.invocation.Handled;
import dev.warren.internal.invocation.HandlerInvoker;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.settlement.Action;
import dev.warren.internal.settlement.Attempts;
import dev.warren.internal.settlement.Settlement;
import dev.warren.spi.Codec;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.Extension;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
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

  /** Interrupts a call that overran the kit's time limit; one daemon thread for every kit. */
  private static final ScheduledExecutorService LIMITS =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "warren-test-kit-limit");
            thread.setDaemon(true);
            return thread;
          });

  /** With the broker: marks the kit's message, and the copies Warren makes of it. */
  static final String KIT_ID = "x-warren-test-kit-id";

  private final boolean broker;
  private final List<Class<?>> beanClasses;
  private final Map<String, String> config = new LinkedHashMap<>();
  private final Map<String, HandlerInvoker> invokers = new ConcurrentHashMap<>();
  private final Map<String, BatchInvoker> batchInvokers = new ConcurrentHashMap<>();
  private final AtomicLong deliveryTags = new AtomicLong();
  private final List<CreationalContext<?>> contexts = new ArrayList<>();
  private WeldContainer container;
  private WarrenExtension extension;
  private Doubles.Recorders recorders;
  private FailureMapping failures;
  private WireRecorder wire;
  private Channel publishing;

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
   * {@code warren.uri} (plain {@code amqp://}): deployment checks (or declares) the topology, the
   * application's consumers consume, and the injected {@code Publisher}, {@code Requester}, {@code
   * Connection} and {@code Channel} are Warren's own. Warren connects through a recording proxy of
   * the kit's; {@link #deliver} publishes the message to the consumer's queue (with a header of the
   * kit's, {@code x-warren-test-kit-id}, that its copies keep) and reports the frames Warren sent
   * on the channel the broker delivered it on, up to its settlement. The outcome is not known there
   * ({@link Delivered#outcome()} is {@code null}), nothing is recorded ({@link #published()}
   * throws), and the redelivered flag is the broker's.
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
    if (broker) {
      wire = proxy(settings);
      // Warren connects through the recorder; the URI keeps the credentials and virtual host
      settings.put("warren.addresses", "127.0.0.1:" + wire.port());
    }
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
      if (wire != null) {
        wire.close();
        wire = null;
      }
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
      if (wire != null) {
        wire.close();
        wire = null;
      }
      publishing = null;
      invokers.clear();
      batchInvokers.clear();
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
   *     batch consumer ({@code WARREN-216}: use {@link #deliverBatch})
   * @throws IllegalStateException if the handler did not complete within 30 s
   */
  public Delivered deliver(String consumer, TestMessage message) {
    ConsumerModel model = model(consumer, false);
    String retryCountHeader = extension.deployment().global().retryCountHeader();
    if (broker) {
      return throughTheBroker(model, message, retryCountHeader);
    }
    KitDelivery delivery = delivery(model, message, retryCountHeader, null);
    List<Delivered> delivered =
        handle(
            model,
            List.of(delivery),
            retryCountHeader,
            () -> invoker(model).invoke(delivery).thenApply(List::of));
    return delivered.get(0);
  }

  /**
   * Delivers {@code messages} as one batch to the batch consumer named {@code consumer} (its method
   * is called once, as when the batch is full or its wait is over) and reports what came of each,
   * in order; the publications and requests of the call are in each of them. Without the broker
   * only.
   *
   * @throws IllegalArgumentException if there is no such consumer ({@code WARREN-215}), it is not a
   *     batch consumer ({@code WARREN-217}), or the kit runs with the broker ({@code WARREN-218})
   * @throws IllegalStateException if the handler did not complete within 30 s
   */
  public List<Delivered> deliverBatch(String consumer, List<TestMessage> messages) {
    ConsumerModel model = model(consumer, true);
    if (broker) {
      throw new IllegalArgumentException(TestKitMessages.kitBatchWithBroker(consumer));
    }
    String retryCountHeader = extension.deployment().global().retryCountHeader();
    List<KitDelivery> batch = new ArrayList<>();
    for (TestMessage message : messages) {
      batch.add(delivery(model, message, retryCountHeader, null));
    }
    return handle(model, batch, retryCountHeader, () -> batchInvoker(model).invoke(batch));
  }

  /**
   * Runs {@code call} on this thread within the kit's time limit. The invokers wait on the calling
   * thread for a stage the method returned (as a consumer's worker does, so that concurrency counts
   * unfinished stages), until it completes or the thread is interrupted: the kit interrupts it at
   * the limit, as a consumer's handler-timeout interrupts its worker.
   *
   * @throws TimeoutException if the limit passed first
   */
  private static <T> CompletionStage<T> within(Supplier<CompletionStage<T>> call)
      throws TimeoutException {
    Thread caller = Thread.currentThread();
    Object lock = new Object();
    boolean[] state = new boolean[2]; // [0] the call returned, [1] the limit interrupted it
    ScheduledFuture<?> limit =
        LIMITS.schedule(
            () -> {
              synchronized (lock) {
                if (!state[0]) {
                  state[1] = true;
                  caller.interrupt();
                }
              }
            },
            HANDLER_TIMEOUT_SECONDS,
            TimeUnit.SECONDS);
    CompletionStage<T> stage;
    try {
      stage = call.get();
    } finally {
      limit.cancel(false);
      synchronized (lock) {
        state[0] = true;
      }
    }
    if (state[1]) {
      Thread.interrupted(); // the kit's own interruption, not the test's
      throw new TimeoutException();
    }
    return stage;
  }

  /** Calls the handler for {@code deliveries} and reports what each came to. */
  private List<Delivered> handle(
      ConsumerModel model,
      List<KitDelivery> deliveries,
      String retryCountHeader,
      Supplier<CompletionStage<List<Handled>>> call) {
    int publishedBefore = recorders.publisher.sent.size();
    int requestedBefore = recorders.requester.sent.size();
    List<Handled> handled;
    Throwable fatal = null;
    try {
      handled = within(call).toCompletableFuture().get(HANDLER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      handled = null;
      fatal = e.getCause();
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "consumer '"
              + model.name()
              + "' did not complete within "
              + HANDLER_TIMEOUT_SECONDS
              + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while consumer '" + model.name() + "' ran", e);
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
    List<Delivered> result = new ArrayList<>();
    for (int i = 0; i < deliveries.size(); i++) {
      if (handled == null) {
        result.add(
            new Delivered(null, null, fatal, List.of(), Optional.empty(), published, requests));
      } else {
        result.add(
            delivered(
                model, deliveries.get(i), handled.get(i), retryCountHeader, published, requests));
      }
    }
    return List.copyOf(result);
  }

  /** What handling {@code delivery} came to: the reply, then the settlement's frames. */
  private static Delivered delivered(
      ConsumerModel model,
      KitDelivery delivery,
      Handled handled,
      String retryCountHeader,
      List<OutgoingMessage> published,
      List<SentRequest> requests) {
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

  private ConsumerModel model(String consumer, boolean batch) {
    started();
    List<ConsumerModel> consumers = extension.deployment().consumers();
    ConsumerModel model =
        consumers.stream()
            .filter(m -> m.name().equals(consumer))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        TestKitMessages.kitNoConsumer(
                            consumer,
                            consumers.stream()
                                .map(m -> "'" + m.name() + "'")
                                .collect(Collectors.joining(", ")))));
    if (model.shape().batch() && !batch) {
      throw new IllegalArgumentException(
          TestKitMessages.kitBatchConsumer(model.name(), model.where()));
    }
    if (!model.shape().batch() && batch) {
      throw new IllegalArgumentException(TestKitMessages.kitNotBatch(model.name(), model.where()));
    }
    return model;
  }

  private BatchInvoker batchInvoker(ConsumerModel model) {
    return batchInvokers.computeIfAbsent(
        model.name(),
        name -> {
          BeanManager beanManager = container.getBeanManager();
          CreationalContext<?> context = beanManager.createCreationalContext(model.bean());
          contexts.add(context);
          return new BatchInvoker(
              model,
              BeanTarget.of(beanManager, model.bean(), context),
              PayloadDecoder.of(model.shape().payloadType(), extension.runtime().codec()),
              failures,
              beanManager.createInstance().select(RequestContextController.class));
        });
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

  /**
   * With the broker: publishes {@code message} to the consumer's queue, marked with a header of the
   * kit's, and records what Warren sends on the channel the broker delivers it on, up to its
   * settlement.
   */
  private Delivered throughTheBroker(
      ConsumerModel model, TestMessage message, String retryCountHeader) {
    if (message.redelivered) {
      throw new IllegalArgumentException(
          "with the broker, the broker sets the redelivered flag: leave it unset");
    }
    String id = UUID.randomUUID().toString();
    KitDelivery sent = delivery(model, message, retryCountHeader, id);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(HANDLER_TIMEOUT_SECONDS);
    try {
      synchronized (this) {
        if (publishing == null || !publishing.isOpen()) {
          publishing = bean(Connection.class, Warren.Literal.INSTANCE).createChannel();
        }
        publishing.basicPublish(
            sent.exchange(), sent.routingKey(), sent.rawProperties(), sent.body());
      }
      WireRecorder.Deliver deliver = null;
      while (deliver == null) {
        for (WireRecorder.Event event : wire.events) {
          if (event instanceof WireRecorder.Deliver d
              && id.equals(Headers.plain(d.properties().getHeaders()).get(KIT_ID))) {
            deliver = d;
            break;
          }
        }
        pause(deadline, model);
      }
      List<Frame> frames = new ArrayList<>();
      Optional<Frame.Publish> reply = Optional.empty();
      while (true) {
        frames.clear();
        reply = Optional.empty();
        boolean done = false;
        // once a copy of the message is delivered, what follows on the channel may be its frames
        boolean copyDelivered = false;
        for (WireRecorder.Event event : WireRecorder.after(wire.events, deliver)) {
          if (event.connection() != deliver.connection() || event.channel() != deliver.channel()) {
            continue;
          }
          if (event instanceof WireRecorder.Deliver next
              && id.equals(Headers.plain(next.properties().getHeaders()).get(KIT_ID))) {
            copyDelivered = true;
          } else if (event instanceof WireRecorder.Publish p && !copyDelivered) {
            boolean copy = id.equals(p.frame().headers().get(KIT_ID));
            boolean isReply =
                sent.replyTo().isPresent()
                    && p.frame().routingKey().equals(sent.replyTo().get())
                    && sent.correlationId().equals(Optional.ofNullable(p.frame().correlationId()));
            if (copy || isReply) {
              Frame.Publish frame = withoutKitId(p.frame());
              frames.add(frame);
              if (isReply) {
                reply = Optional.of(frame);
              }
            }
          } else if (event instanceof WireRecorder.Settle settle && settle.tag() == deliver.tag()) {
            frames.add(settle.frame());
            done = true;
            break;
          } else if (event instanceof WireRecorder.Close) {
            // the consumer stopped (an Error) and closed its channel: nothing was settled
            frames.clear();
            done = true;
            break;
          }
        }
        if (done) {
          break;
        }
        pause(deadline, model);
      }
      return new Delivered(null, null, null, List.copyOf(frames), reply, List.of(), List.of());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void pause(long deadline, ConsumerModel model) {
    if (wire.failure != null) {
      throw new IllegalStateException(
          "the kit could not read Warren's frames: " + wire.failure, wire.failure);
    }
    if (System.nanoTime() - deadline > 0) {
      throw new IllegalStateException(
          "consumer '"
              + model.name()
              + "' did not settle the message within "
              + HANDLER_TIMEOUT_SECONDS
              + " s; is it consuming queue '"
              + model.queue()
              + "'?");
    }
    try {
      Thread.sleep(2);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a settlement", e);
    }
  }

  private static Frame.Publish withoutKitId(Frame.Publish frame) {
    Map<String, Object> headers = new LinkedHashMap<>(frame.headers());
    headers.remove(KIT_ID);
    return new Frame.Publish(
        frame.exchange(),
        frame.routingKey(),
        Map.copyOf(headers),
        frame.expiration(),
        frame.persistent(),
        frame.correlationId(),
        frame.body());
  }

  /** The broker to put the recorder in front of, from the kit's settings. */
  private static WireRecorder proxy(Map<String, String> settings) {
    String addresses = settings.get("warren.addresses");
    String host;
    int port;
    AmqpUri uri =
        AmqpUri.parse(settings.getOrDefault("warren.uri", "amqp://guest:guest@localhost:5672/"));
    if (uri.tls()) {
      throw new IllegalArgumentException(
          "the kit with the broker records plain AMQP only: use an amqp:// URI in the test");
    }
    if (addresses != null && !addresses.isBlank()) {
      String first = addresses.split(",")[0].trim();
      int colon = first.lastIndexOf(':');
      host = colon < 0 ? first : first.substring(0, colon);
      port = colon < 0 ? 5672 : Integer.parseInt(first.substring(colon + 1));
    } else {
      host = uri.host();
      port = uri.port();
    }
    try {
      return new WireRecorder(host, port);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The delivery the client would hand Warren for {@code message} on the consumer's queue. */
  private KitDelivery delivery(
      ConsumerModel model, TestMessage message, String retryCountHeader, String kitId) {
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
    if (kitId != null) {
      headers.put(KIT_ID, kitId);
    }
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
