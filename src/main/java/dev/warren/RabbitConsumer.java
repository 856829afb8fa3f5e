package dev.warren;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a CDI bean method a RabbitMQ consumer whose return value settles each delivery.
 *
 * <p>The method takes exactly one payload parameter ({@code byte[]}, {@code String} or any type the
 * {@link dev.warren.spi.Codec} decodes, JSON-B by default) and optionally a {@link Delivery}. It
 * returns an {@link Outcome}, {@code void} (a normal return acks) or {@code
 * CompletionStage<Outcome>} (the delivery settles when the stage completes; until then the call
 * counts against {@link #concurrency()} and its request context stays active, see there). A method
 * returning anything else is a responder: its return value (or the value of its {@code
 * CompletionStage}) is the reply to the request, sent to the request's {@code reply_to} (see {@link
 * Requester}). Batch consumers ({@link #batchSize()} above 1) take a {@code List} of payloads
 * instead.
 *
 * <p>Every attribute can be overridden by MicroProfile Config under {@code
 * warren.consumers.<name>.<key>} and {@code warren.consumers.defaults.<key>}, for example {@code
 * warren.consumers.orders.prefetch=50}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RabbitConsumer {

  /**
   * The queue to consume from. Without {@code warren.declare-topology=true} it must already exist:
   * deployment fails otherwise. Config key: {@code queue}.
   */
  String queue();

  /**
   * The consumer's name, used in config keys and messages; must be unique in the application.
   * Defaults to the queue name.
   */
  String name() default "";

  /** The queue's type. Config key: {@code queue-type} ({@code classic} or {@code quorum}). */
  QueueType queueType() default QueueType.CLASSIC;

  /**
   * How many deliveries the broker may send before Warren settles one ({@code basic.qos}); at least
   * 1, since 0 would mean unlimited on the wire. Config key: {@code prefetch}.
   */
  int prefetch() default 250;

  /**
   * How many deliveries are handled at the same time. 1 handles them one at a time, in order.
   * Config key: {@code concurrency}.
   *
   * <p>A call whose method returns a {@code CompletionStage} lasts until the stage completes: the
   * consumer's worker thread that called the method waits for it, so at most {@code concurrency}
   * calls are in flight, unfinished stages included, and with 1 the next delivery starts only once
   * the stage of the one before has completed. The CDI request context of the call stays active on
   * that worker thread until then, and its {@code @RequestScoped} instances are destroyed only
   * after the stage completed; CDI binds the context to a thread, so it is not active on the
   * threads that complete the stage (code there cannot call {@code @RequestScoped} beans). A stage
   * that never completes holds its worker until {@code warren.consumers.<name>.handler-timeout}
   * (which settles the delivery as {@code retry()}) or shutdown.
   */
  int concurrency() default 1;

  /**
   * How many deliveries one call receives; 1 (the default) is not a batch. Above 1 the method takes
   * a {@code java.util.List<T>} of payloads (and optionally a {@code List<Delivery>} in the same
   * order) and is called once per batch of up to {@code batchSize} deliveries, or with fewer once
   * {@link #batchWait()} has passed since the first. A returned {@link Outcome} settles every
   * delivery of the batch, one frame each; a returned {@code List<Outcome>} settles delivery i with
   * outcome i. Must not exceed {@link #prefetch()}. Config key: {@code batch-size}.
   */
  int batchSize() default 1;

  /**
   * How long a batch may wait for more deliveries after its first one arrived, e.g. {@code "50ms"}
   * or {@code "PT1S"}; longer than zero. Used only when {@link #batchSize()} is above 1. Config
   * key: {@code batch-wait}.
   */
  String batchWait() default "50ms";

  /**
   * The most deliveries a message gets before {@code retry()} stops sending it back; the first
   * delivery is attempt 1; 0 means no cap. On a classic queue Warren counts in a header and, at the
   * cap, publishes the message to {@link #deadLetter()}; on a quorum queue the pair becomes the
   * queue's {@code x-delivery-limit} and dead-letter route (which needs declare-topology). Config
   * key: {@code max-attempts}.
   */
  int maxAttempts() default 0;

  /**
   * The queue that keeps messages which reached {@link #maxAttempts()}; {@code ""} for none. Config
   * key: {@code dead-letter}.
   */
  String deadLetter() default "";

  /**
   * Where a message waits after {@link Outcome#retryAfter(java.time.Duration)}. Config key: {@code
   * delay} ({@code none}, {@code dlx-ttl}, {@code plugin-dme}).
   */
  Delay delay() default Delay.NONE;

  /**
   * The wait queue ({@link Delay#DLX_TTL}, default {@code <queue>.retry}) or delayed exchange
   * ({@link Delay#PLUGIN_DME}, default {@code <queue>.delay}). Config key: {@code delay-target}.
   */
  String delayTarget() default "";

  /**
   * For {@link Delay#DLX_TTL}: delay tiers such as {@code {"1s", "30s", "10m"}}, one wait queue
   * each ({@code <delayTarget>.<tier>}); a delay waits in the smallest tier at least as long (or
   * the largest), so short delays never queue behind long ones of another tier. Config key: {@code
   * delay-tiers} (comma-separated).
   */
  String[] delayTiers() default {};

  /**
   * The quorum queue's own back-off for {@code retry()} (RabbitMQ 4.3 and later): with {@link
   * DelayedRetryType#FAILED} the broker holds each rejected delivery for {@link #delayedRetryMin()}
   * × its delivery count, at most {@link #delayedRetryMax()}, before delivering it again, and
   * delivers the messages behind it meanwhile (their order is lost). With {@link #maxAttempts()}
   * this is "retry N times with a growing delay, then the dead letter queue", with no copies.
   * Warren declares it as the queue's {@code x-delayed-retry-*} arguments (with declare-topology;
   * without, it cannot check them and warns). A quorum queue only; on a broker before 4.3, which
   * would ignore it and redeliver at once, deployment fails. {@code retryAfter(d)} without a {@link
   * #delay()} strategy waits for the same hold: see {@link Outcome#retryAfter(java.time.Duration)}.
   * Config key: {@code delayed-retry-type} ({@code none}, {@code failed}, {@code all}, {@code
   * disabled}).
   */
  DelayedRetryType delayedRetryType() default DelayedRetryType.NONE;

  /**
   * With {@link #delayedRetryType()}: the hold after the first return, a duration such as {@code
   * "500ms"} or {@code "2s"} in whole milliseconds, at least 1 ms; the n-th return is held n times
   * as long. Config key: {@code delayed-retry-min}.
   */
  String delayedRetryMin() default "";

  /**
   * With {@link #delayedRetryType()}: the longest hold, a duration in whole milliseconds, at least
   * {@link #delayedRetryMin()}. Config key: {@code delayed-retry-max}.
   */
  String delayedRetryMax() default "";

  /** Where and how classic-queue retry copies are published; not allowed on quorum queues. */
  RetryPublisher retryPublisher() default @RetryPublisher;

  /** Exchanges to bind the queue to; declared only with declare-topology. */
  Binding[] bindings() default {};

  /**
   * Partitions: {@code n} from 1 to 256 turns the consumer into {@code n} quorum queues {@code
   * <queue>.0} to {@code <queue>.<n-1>}, each with a single active consumer, behind a hashing
   * exchange named {@link #queue()} that sends every routing key to one of them: publish to that
   * exchange with the message's key (an account, an order) as routing key. Across every instance of
   * the application each partition is consumed by one instance at a time, and a key's messages are
   * handled in order; the partitions run in parallel. Needs {@code queueType = QUORUM} and {@code
   * concurrency = 1}; the exchange is RabbitMQ 4.3's built-in {@code x-modulus-hash}, or before 4.3
   * the consistent-hash plugin's {@code x-consistent-hash}. {@code 0} (the default): one queue, not
   * partitioned. Changing it remaps keys: a deployment whose count differs from the queues that
   * exist is refused. Config key: {@code partitions}.
   */
  int partitions() default 0;

  /**
   * Raw {@code x-*} arguments the queue is declared with; used only with declare-topology. {@code
   * x-queue-type} comes from {@link #queueType()}. On a quorum queue without {@link
   * #maxAttempts()}, {@code x-delivery-limit} (type NUMBER: -1 for no limit, or how often a message
   * may be returned) chooses the delivery limit, which Warren declares as it means on the broker's
   * version; without it such a queue has no limit on every version. Config key {@code
   * delivery-limit} wins over it.
   */
  Argument[] arguments() default {};
}
