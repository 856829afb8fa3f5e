package dev.warren.internal.telemetry.otel;

import dev.warren.internal.logging.TelemetryMessages;
import dev.warren.internal.telemetry.ConsumerTelemetry;
import dev.warren.internal.telemetry.DeadLetterReading;
import dev.warren.internal.telemetry.OutboxReading;
import dev.warren.internal.telemetry.PartitionReading;
import dev.warren.internal.telemetry.SendKind;
import dev.warren.internal.telemetry.Sending;
import dev.warren.internal.telemetry.Telemetry;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Telemetry on the OpenTelemetry API: the application's {@code OpenTelemetry} CDI bean
 * (MicroProfile Telemetry provides one on WildFly and Liberty), else the SDK registered as {@link
 * GlobalOpenTelemetry}, now or later ({@link LateGlobalTelemetry}); Warren never sets the global.
 * Its propagators write and read the trace context in message headers (W3C {@code traceparent} by
 * default); one tracer and one meter, scope {@value Names#SCOPE}. Created at deployment;
 * thread-safe.
 */
public final class OtelTelemetry implements Telemetry {

  private static final Logger LOG = Logger.getLogger(OtelTelemetry.class.getName());
  private static final int MAX_CACHED_ATTRIBUTES = 1024;

  final Tracer tracer;
  final TextMapPropagator propagator;
  final Instruments instruments;
  private final Meter meter;
  private final List<AutoCloseable> gauges = new CopyOnWriteArrayList<>();
  private final Attributes recoveryAttributes = Attributes.of(Names.SYSTEM, Names.RABBITMQ);
  private final Map<String, Attributes> sentAttributes = new ConcurrentHashMap<>();
  private final Map<SendKind, Attributes> kindAttributes = new EnumMap<>(SendKind.class);

  OtelTelemetry(OpenTelemetry openTelemetry) {
    this.tracer = openTelemetry.getTracer(Names.SCOPE);
    this.propagator = openTelemetry.getPropagators().getTextMapPropagator();
    this.meter = openTelemetry.getMeter(Names.SCOPE);
    this.instruments = new Instruments(meter);
    for (SendKind kind : SendKind.values()) {
      kindAttributes.put(
          kind, Attributes.of(Names.SYSTEM, Names.RABBITMQ, Names.SEND_KIND, kind.value()));
    }
  }

  /** The attributes of {@code warren.publisher.unconfirmed} for one kind of message. */
  Attributes kindAttributes(SendKind kind) {
    return kindAttributes.get(kind);
  }

  /** The attributes of a send metric, built once per combination. */
  Attributes sentAttributes(SendKind kind, String exchange, String result, String errorType) {
    String key = kind.value() + '\n' + result + '\n' + errorType + '\n' + exchange;
    Attributes known = sentAttributes.get(key);
    if (known != null) {
      return known;
    }
    var builder = OtelSending.base(kind, exchange).put(Names.RESULT, result);
    if (errorType != null) {
      builder.put(Names.ERROR_TYPE, errorType);
    }
    Attributes built = builder.build();
    if (sentAttributes.size() < MAX_CACHED_ATTRIBUTES) {
      // bounded: an application that publishes to ever new exchanges builds them each time
      sentAttributes.putIfAbsent(key, built);
    }
    return built;
  }

  /**
   * Warren's telemetry on the application's {@code OpenTelemetry}; {@link Telemetry#NONE} when that
   * is the no-op implementation (no SDK, or MicroProfile Telemetry with {@code otel.sdk.disabled},
   * its default), whose spans, metrics and propagation would all be thrown away: measured, the
   * no-op objects alone cost 200-380 bytes of allocation per message (bench/HISTORY.md).
   *
   * <p>Without a bean, the SDK registered as {@link GlobalOpenTelemetry}; when none is registered
   * yet, a {@link LateGlobalTelemetry} that reports to it once the application registers one.
   * Warren never sets the global: {@code GlobalOpenTelemetry.get()} would install the no-op when
   * nothing is registered yet, and the application's own {@code GlobalOpenTelemetry.set} would then
   * throw. On an API older than 1.57 (no {@code getOrNoop}) it still calls {@code get()}, the only
   * way to look there.
   */
  public static Telemetry of(BeanManager beanManager) {
    OpenTelemetry bean = bean(beanManager);
    if (bean != null) {
      return noop(bean) ? Telemetry.NONE : new OtelTelemetry(bean);
    }
    OpenTelemetry global;
    try {
      global = GlobalOpenTelemetry.getOrNoop(); // never sets the global
    } catch (NoSuchMethodError olderApi) {
      global = GlobalOpenTelemetry.get();
      return noop(global) ? Telemetry.NONE : new OtelTelemetry(global);
    }
    if (!noop(global)) {
      return new OtelTelemetry(global);
    }
    // nothing registered yet (or the no-op, for good): wait for the application's SDK
    return GlobalOpenTelemetry.isSet() ? Telemetry.NONE : new LateGlobalTelemetry();
  }

  /** Whether every part of {@code openTelemetry} is the API's no-op. */
  static boolean noop(OpenTelemetry openTelemetry) {
    return openTelemetry.getTracerProvider() == TracerProvider.noop()
        && openTelemetry.getMeterProvider() == MeterProvider.noop()
        && openTelemetry.getPropagators().getTextMapPropagator() == TextMapPropagator.noop();
  }

  /** The application's {@code OpenTelemetry} bean; {@code null} when it has none, or several. */
  private static OpenTelemetry bean(BeanManager beanManager) {
    Set<Bean<?>> beans = beanManager.getBeans(OpenTelemetry.class);
    if (beans.isEmpty()) {
      return null;
    }
    Bean<?> bean = beanManager.resolve(beans);
    if (bean == null) {
      TelemetryMessages.ambiguousOpenTelemetry(
          LOG,
          beans.stream()
              .map(b -> b.getBeanClass().getName())
              .sorted()
              .collect(Collectors.joining(", ")));
      return null;
    }
    return (OpenTelemetry)
        beanManager.getReference(
            bean, OpenTelemetry.class, beanManager.createCreationalContext(bean));
  }

  @Override
  public ConsumerTelemetry consumer(String consumer, String queue) {
    return new OtelConsumer(this, consumer, queue);
  }

  @Override
  public Sending sending(SendKind kind, String exchange, String routingKey) {
    return OtelSending.start(this, Context.current(), kind, exchange, routingKey, null);
  }

  @Override
  public void recovered() {
    instruments.recoveries.add(1, recoveryAttributes);
  }

  @Override
  public void partitions(Supplier<List<PartitionReading>> partitions) {
    gauges.add(
        meter
            .gaugeBuilder(Names.PARTITION_READY)
            .ofLongs()
            .setUnit("{message}")
            .setDescription("A partition's ready messages (its lag), sampled every 5 s.")
            .buildWithCallback(
                measurement -> {
                  for (PartitionReading partition : partitions.get()) {
                    if (partition.ready() >= 0) {
                      measurement.record(partition.ready(), attributes(partition));
                    }
                  }
                }));
    gauges.add(
        meter
            .gaugeBuilder(Names.PARTITION_ACTIVE)
            .ofLongs()
            .setUnit("{partition}")
            .setDescription("1 while this instance consumes the partition, else 0.")
            .buildWithCallback(
                measurement -> {
                  for (PartitionReading partition : partitions.get()) {
                    measurement.record(partition.active() ? 1 : 0, attributes(partition));
                  }
                }));
  }

  @Override
  public void deadLetters(Supplier<List<DeadLetterReading>> deadLetters) {
    gauges.add(
        meter
            .gaugeBuilder(Names.DEAD_LETTER_READY)
            .ofLongs()
            .setUnit("{message}")
            .setDescription("A consumer's dead letter queue's ready messages, sampled every 5 s.")
            .buildWithCallback(
                measurement -> {
                  for (DeadLetterReading queue : deadLetters.get()) {
                    if (queue.ready() >= 0) {
                      measurement.record(
                          queue.ready(),
                          Attributes.of(
                              Names.SYSTEM,
                              Names.RABBITMQ,
                              Names.CONSUMER,
                              queue.consumer(),
                              Names.QUEUE,
                              queue.queue()));
                    }
                  }
                }));
  }

  public void outbox(Supplier<OutboxReading> outbox) {
    gauges.add(
        meter
            .gaugeBuilder(Names.OUTBOX_PENDING)
            .ofLongs()
            .setUnit("{message}")
            .setDescription("The outbox's rows not yet published, as its relay last counted.")
            .buildWithCallback(
                measurement -> {
                  OutboxReading reading = outbox.get();
                  measurement.record(reading.pending(), attributes(reading));
                }));
    gauges.add(
        meter
            .gaugeBuilder(Names.OUTBOX_OLDEST_AGE)
            .setUnit("s")
            .setDescription("The age of the outbox's oldest row not yet published.")
            .buildWithCallback(
                measurement -> {
                  OutboxReading reading = outbox.get();
                  measurement.record(reading.oldestAgeSeconds(), attributes(reading));
                }));
    gauges.add(
        meter
            .gaugeBuilder(Names.OUTBOX_FAILING)
            .ofLongs()
            .setUnit("{message}")
            .setDescription("The outbox's rows the broker returned or nacked at least once.")
            .buildWithCallback(
                measurement -> {
                  OutboxReading reading = outbox.get();
                  measurement.record(reading.failing(), attributes(reading));
                }));
  }

  private static Attributes attributes(OutboxReading reading) {
    return Attributes.of(Names.SYSTEM, Names.RABBITMQ, Names.OUTBOX_TABLE, reading.table());
  }

  private static Attributes attributes(PartitionReading partition) {
    return Attributes.of(
        Names.SYSTEM,
        Names.RABBITMQ,
        Names.CONSUMER,
        partition.consumer(),
        Names.QUEUE,
        partition.queue());
  }

  @Override
  public void stop() {
    for (AutoCloseable gauge : gauges) {
      try {
        gauge.close();
      } catch (Exception e) {
        LOG.log(Level.FINE, "closing a gauge failed", e);
      }
    }
    gauges.clear();
  }
}
