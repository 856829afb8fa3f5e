package dev.warren.bench;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.springframework.amqp.AmqpRejectAndDontRequeueException;
import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageListener;
import org.springframework.amqp.core.MessagePostProcessor;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.rabbit.listener.AbstractMessageListenerContainer;
import org.springframework.amqp.rabbit.listener.ConditionalRejectingErrorHandler;
import org.springframework.amqp.rabbit.listener.DirectMessageListenerContainer;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.amqp.rabbit.listener.adapter.MessageListenerAdapter;

/**
 * Spring AMQP ({@code spring-rabbit}) as its users configure it for throughput, without Spring
 * Boot: a {@link CachingConnectionFactory} and the listener containers created in code.
 *
 * <ul>
 *   <li>Consume: a {@link DirectMessageListenerContainer} ({@link Kind#DIRECT}; the listener runs
 *       on the client's dispatch thread) or a {@link SimpleMessageListenerContainer} ({@link
 *       Kind#SIMPLE}; the client's thread hands each delivery to the container's own consumer
 *       thread), one consumer, prefetch 250, {@link AcknowledgeMode#AUTO}: the container acks each
 *       message once the listener returns (one {@code basic.ack} per message with these defaults:
 *       {@code messagesPerAck} 0, {@code batchSize} 1), as {@code Outcome.ack()} does in Warren.
 *   <li>Latency: the consume side's container, its listener reporting each delivery ({@link
 *       Arrivals}).
 *   <li>Publish ({@link Kind#TEMPLATE}): {@code RabbitTemplate.convertAndSend} of the {@code
 *       byte[]} (persistent, {@code application/octet-stream}, Spring's defaults) with correlated
 *       publisher confirms, mandatory with returns, at most the scenario's window unconfirmed (a
 *       semaphore, as the raw side has: the template has no limit of its own).
 *   <li>Retry: the listener throws {@link AmqpRejectAndDontRequeueException} on a message's first
 *       delivery; the container rejects it without requeue, and the queue dead-letters it back to
 *       itself (its {@code x-dead-letter-exchange} is the default exchange, its routing key the
 *       queue), so that it comes back as a second delivery, counted in {@code x-death}, and is
 *       acked then. At the cap, the listener would republish the message to the dead letter queue.
 *   <li>Request/reply: {@code convertSendAndReceive} over direct reply-to (the template's default),
 *       requests transient with a 5 s expiration as raw's, to a container whose listener is a
 *       {@link MessageListenerAdapter} around an echoing method, which sends the reply itself.
 * </ul>
 */
final class SpringSide implements PeerSide {

  /** Which of Spring's ways. */
  enum Kind {
    DIRECT("Spring AMQP, DMLC"),
    SIMPLE("Spring AMQP, SMLC"),
    TEMPLATE("Spring AMQP, RabbitTemplate");

    final String label;

    Kind(String label) {
      this.label = label;
    }
  }

  /** Held, so that the level stays set: Spring logs every connection it opens at INFO. */
  private static final Logger SPRING = Logger.getLogger("org.springframework");

  /** The listener containers' logger, off during the retry runs. */
  private static final Logger LISTENERS =
      Logger.getLogger("org.springframework.amqp.rabbit.listener");

  private final URI uri;
  private final Kind kind;

  SpringSide(String uri, Kind kind) {
    this.uri = URI.create(uri);
    this.kind = kind;
    SPRING.setLevel(Level.WARNING);
  }

  @Override
  public String label() {
    return kind.label;
  }

  @Override
  public boolean covers(Scenario scenario) {
    return kind == Kind.TEMPLATE
        ? scenario == Scenario.PUBLISH
        : Set.of(Scenario.CONSUME, Scenario.RETRY, Scenario.REQUEST_REPLY, Scenario.LATENCY)
            .contains(scenario);
  }

  private CachingConnectionFactory factory(String name) {
    CachingConnectionFactory factory = new CachingConnectionFactory(uri);
    if (factory.getVirtualHost().isEmpty()) {
      // "amqp://host:5672/" names the default virtual host, as for the raw client
      factory.setVirtualHost("/");
    }
    factory.setConnectionNameStrategy(connectionFactory -> name);
    return factory;
  }

  private AbstractMessageListenerContainer container(
      CachingConnectionFactory factory, String queue, MessageListener listener) {
    AbstractMessageListenerContainer container;
    if (kind == Kind.DIRECT) {
      DirectMessageListenerContainer direct = new DirectMessageListenerContainer(factory);
      direct.setConsumersPerQueue(1);
      container = direct;
    } else {
      SimpleMessageListenerContainer simple = new SimpleMessageListenerContainer(factory);
      simple.setConcurrentConsumers(1);
      simple.setBatchSize(1);
      container = simple;
    }
    container.setQueueNames(queue);
    container.setPrefetchCount(ConsumeScenario.PREFETCH);
    container.setAcknowledgeMode(AcknowledgeMode.AUTO);
    container.setMessageListener(listener);
    container.afterPropertiesSet();
    return container;
  }

  @Override
  public Tally.Run consume(String queue, boolean quorum, int messages, long timeoutSeconds)
      throws Exception {
    Tally tally = new Tally(messages);
    CachingConnectionFactory factory = factory("warren-bench-spring-consumer");
    try {
      tally.watch(factory.createConnection().getDelegate());
      AbstractMessageListenerContainer container =
          container(
              factory,
              queue,
              message -> {
                tally.pass();
                tally.finished();
              });
      return run(container, tally, timeoutSeconds, label() + " consume from '" + queue + "'");
    } finally {
      factory.destroy();
    }
  }

  @Override
  public LatencySide latency() {
    return new LatencySide() {
      @Override
      public String label() {
        return kind.label;
      }

      @Override
      public AutoCloseable start(
          BenchBroker broker, String queue, boolean quorum, Arrivals arrivals) {
        CachingConnectionFactory factory = factory("warren-bench-spring-latency");
        try {
          AbstractMessageListenerContainer container =
              container(factory, queue, message -> arrivals.arrived(message.getBody()));
          container.start();
          return () -> {
            try {
              container.stop();
            } finally {
              factory.destroy();
            }
          };
        } catch (RuntimeException e) {
          factory.destroy();
          throw e;
        }
      }
    };
  }

  @Override
  public Tally.Run publish(String queue, int messages, int window, long timeoutSeconds)
      throws Exception {
    Tally tally = new Tally(messages);
    AtomicInteger returned = new AtomicInteger();
    CachingConnectionFactory factory = factory("warren-bench-spring-publisher");
    factory.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.CORRELATED);
    factory.setPublisherReturns(true);
    try {
      tally.watch(factory.createConnection().getDelegate());
      RabbitTemplate template = new RabbitTemplate(factory);
      template.setMandatory(true);
      template.setReturnsCallback(message -> returned.incrementAndGet());
      Semaphore unconfirmed = new Semaphore(window);
      Tally.awaitQuietCompiler();
      tally.start();
      // one channel for the whole run (a scoped operation): sent one by one, each send checks a
      // channel out of the cache, and one with confirms outstanding goes back only once they are
      // in, so nearly every send opened another channel (3,300-3,500 msg/s, 130-170 µs CPU each)
      template.invoke(
          operations -> {
            for (int i = 0; i < messages; i++) {
              try {
                unconfirmed.acquire();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
              }
              CorrelationData correlation = new CorrelationData();
              operations.convertAndSend("", queue, BenchBroker.body(i), correlation);
              correlation
                  .getFuture()
                  .whenComplete(
                      (confirm, failure) -> {
                        unconfirmed.release();
                        if (failure == null && confirm.ack()) {
                          tally.finished();
                        } else {
                          tally.failed();
                        }
                      });
            }
            return null;
          });
      Tally.Run run = tally.await(timeoutSeconds, label() + " publish");
      if (returned.get() > 0) {
        throw new IllegalStateException(label() + " publish: " + returned + " returned");
      }
      return run;
    } finally {
      factory.destroy();
    }
  }

  @Override
  public Map<String, Object> retryQueueArguments(String queue) {
    return Map.of("x-dead-letter-exchange", "", "x-dead-letter-routing-key", queue);
  }

  @Override
  public Tally.Run retry(String queue, String deadLetter, int messages, long timeoutSeconds)
      throws Exception {
    Tally tally = new Tally(messages);
    CachingConnectionFactory factory = factory("warren-bench-spring-retry");
    try {
      tally.watch(factory.createConnection().getDelegate());
      RabbitTemplate template = new RabbitTemplate(factory);
      AbstractMessageListenerContainer container =
          container(
              factory,
              queue,
              message -> {
                tally.pass();
                long attempt = 1 + deaths(message, queue);
                if (attempt == 1) {
                  // the handler's failure: retried while under the cap, else parked
                  if (attempt < RetryScenario.MAX_ATTEMPTS) {
                    throw new AmqpRejectAndDontRequeueException("retry");
                  }
                  template.send("", deadLetter, message);
                  return;
                }
                tally.finished();
              });
      // the default error handler logs every listener failure at WARN with its stack trace, and
      // the DMLC logs it once more at ERROR; an application that fails on purpose to retry quiets
      // both (exceptions are still made, with their stack traces, as the container wraps them)
      container.setErrorHandler(
          new ConditionalRejectingErrorHandler() {
            @Override
            protected void log(Throwable failure) {}
          });
      LISTENERS.setLevel(Level.OFF);
      return run(container, tally, timeoutSeconds, label() + " retry on '" + queue + "'");
    } finally {
      factory.destroy();
      LISTENERS.setLevel(null);
    }
  }

  /** How often the broker dead-lettered {@code message} from {@code queue} (rejected). */
  /** Runs {@code container} until {@code tally} has counted every message, then stops it. */
  private static Tally.Run run(
      AbstractMessageListenerContainer container, Tally tally, long timeoutSeconds, String what)
      throws Exception {
    container.start();
    try {
      tally.openWhenReady(timeoutSeconds, what);
      return tally.await(timeoutSeconds, what);
    } finally {
      container.stop();
    }
  }

  private static long deaths(Message message, String queue) {
    List<Map<String, ?>> deaths = message.getMessageProperties().getXDeathHeader();
    if (deaths == null) {
      return 0;
    }
    for (Map<String, ?> death : deaths) {
      if (queue.equals(String.valueOf(death.get("queue")))
          && "rejected".equals(String.valueOf(death.get("reason")))
          && death.get("count") instanceof Number count) {
        return count.longValue();
      }
    }
    return 0;
  }

  /** The responder's echo, called by {@link MessageListenerAdapter}. */
  public static final class Echo {
    /** Replies with the request's body. */
    public byte[] handleMessage(byte[] request) {
      return request;
    }
  }

  private static final MessagePostProcessor REQUEST =
      message -> {
        message.getMessageProperties().setDeliveryMode(MessageDeliveryMode.NON_PERSISTENT);
        message.getMessageProperties().setExpiration("5000");
        return message;
      };

  @Override
  public Tally.Run requestReply(String queue, RoundTrips measure) throws Exception {
    CachingConnectionFactory factory = factory("warren-bench-spring-rpc");
    factory.setPublisherReturns(true);
    try {
      AbstractMessageListenerContainer responder =
          container(factory, queue, new MessageListenerAdapter(new Echo()));
      responder.start();
      RabbitTemplate template = new RabbitTemplate(factory);
      template.setReplyTimeout(5_000);
      template.setMandatory(true);
      try {
        return measure.measure(
            () -> (byte[]) template.convertSendAndReceive("", queue, BenchBroker.BODY, REQUEST),
            label() + " request/reply on '" + queue + "'");
      } finally {
        template.stop();
        responder.stop();
      }
    } finally {
      factory.destroy();
    }
  }
}
