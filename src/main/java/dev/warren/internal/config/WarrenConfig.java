package dev.warren.internal.config;

import dev.warren.Delay;
import dev.warren.DelayedRetryType;
import dev.warren.QueueType;
import dev.warren.internal.interceptor.OutcomeInterceptor;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.Config;

/**
 * Every MicroProfile Config key Warren reads, the values each accepts, and where reading starts.
 * Read once at deployment; invalid values become deployment problems naming the key and the value.
 * The reading itself is by role: {@link GlobalSettingsReader} (the connection, the global switches,
 * the AsyncAPI document), {@link PublisherSettingsReader}, {@link ConsumerSettingReader} (one
 * per-consumer key with its fallbacks), each through {@link ConfigReader} (one key).
 */
public final class WarrenConfig {

  /** Broker URI, {@code amqp://} or {@code amqps://}; an empty path means the virtual host '/'. */
  public static final String URI = "warren.uri";

  /** Comma-separated {@code host:port} list for a cluster; overrides the URI's host and port. */
  public static final String ADDRESSES = "warren.addresses";

  /** User name; overrides the URI's user. */
  public static final String USERNAME = "warren.username";

  /** Password; overrides the URI's password. Never logged. */
  public static final String PASSWORD = "warren.password";

  /** Virtual host; overrides the URI's path. */
  public static final String VIRTUAL_HOST = "warren.virtual-host";

  /** The client-provided connection name the broker shows. */
  public static final String CONNECTION_NAME = "warren.connection-name";

  /**
   * {@code by-role} (default): one connection for the consumers and one for publishing and
   * requests, so that a broker alarm that blocks publishing does not hold back the consumers' acks;
   * {@code shared}: one connection for everything; {@code per-consumer}: one connection for each
   * consumer (a message the client cannot read then stops only its own consumer) and one for
   * publishing and requests.
   */
  public static final String CONNECTIONS = "warren.connections";

  /** How long the client waits between attempts to recover a lost connection. */
  public static final String RECOVERY_INTERVAL = "warren.recovery-interval";

  /** Whether consumers declare their queues ({@code true}) or only check they exist. */
  public static final String DECLARE_TOPOLOGY = "warren.declare-topology";

  /** How long shutdown waits for in-flight handlers before closing channels. */
  public static final String SHUTDOWN_TIMEOUT = "warren.shutdown-timeout";

  /**
   * The broker's {@code consumer_timeout} as the application declares it (Warren cannot read it
   * from the broker): what startup warnings and the handler-timeout advice compare with.
   */
  public static final String BROKER_CONSUMER_TIMEOUT = "warren.broker.consumer-timeout";

  /**
   * This instance of the application among those that consume the same partitioned consumers: each
   * partition is consumed by the instance that scores highest for it (rendezvous hashing of this id
   * and the partition, sent as the subscription's priority).
   */
  public static final String INSTANCE_ID = "warren.instance-id";

  /** The header that carries Warren's retry count on classic queues. */
  public static final String RETRY_COUNT_HEADER = "warren.retry-count-header";

  /** How long a published message may stay unconfirmed before its publish fails. */
  public static final String PUBLISHER_CONFIRM_TIMEOUT = "warren.publisher.confirm-timeout";

  /** The most unconfirmed messages per publishing channel; past it, publish waits. */
  public static final String PUBLISHER_MAX_IN_FLIGHT = "warren.publisher.max-in-flight";

  /** How often a nacked message is published again automatically (0 = never, at most 10). */
  public static final String PUBLISHER_NACK_REPUBLISHES = "warren.publisher.nack-republishes";

  /**
   * JNDI name of the {@code ManagedThreadFactory} Warren's threads come from, or {@code none} for
   * plain threads; unset: the application's bean of that type, else the server's default.
   */
  public static final String MANAGED_THREAD_FACTORY = "warren.managed-thread-factory";

  /**
   * The priority of Warren's interceptor among the application's (lower runs first, outside):
   * default {@code PLATFORM_BEFORE + 150}, outside {@code @Transactional} and Fault Tolerance.
   */
  public static final String INTERCEPTOR_PRIORITY = "warren.interceptor.priority";

  /**
   * Whether Warren reports traces and metrics when the OpenTelemetry API is present (default {@code
   * true}).
   */
  public static final String TELEMETRY_ENABLED = "warren.telemetry.enabled";

  /**
   * Whether Warren adds its readiness and liveness checks when the MicroProfile Health API is
   * present (default {@code true}).
   */
  public static final String HEALTH_ENABLED = "warren.health.enabled";

  /** The title of the AsyncAPI document ({@code info.title}); default: the connection name. */
  public static final String ASYNCAPI_TITLE = "warren.asyncapi.title";

  /** The version of the application's API in the AsyncAPI document ({@code info.version}). */
  public static final String ASYNCAPI_VERSION = "warren.asyncapi.version";

  /** Whether Warren serves the AsyncAPI document and page when the Servlet API is present. */
  public static final String ASYNCAPI_ENABLED = "warren.asyncapi.enabled";

  /** The path (in the web application) of the AsyncAPI document as JSON. */
  public static final String ASYNCAPI_PATH = "warren.asyncapi.path";

  /** The path (in the web application) of the HTML page that shows the AsyncAPI document. */
  public static final String ASYNCAPI_PAGE_PATH = "warren.asyncapi.page-path";

  /**
   * Whether a key under {@code warren.} that Warren does not know (a typo, or a consumer name that
   * does not exist) fails deployment ({@code true}) or is only warned about ({@code false}).
   */
  public static final String STRICT_CONFIG = "warren.strict-config";

  /** Prefix of per-consumer keys: {@code warren.consumers.<name>.<key>}. */
  public static final String CONSUMERS_PREFIX = "warren.consumers.";

  /** The pseudo consumer name whose keys apply to every consumer. */
  public static final String DEFAULTS = "defaults";

  /** Per-consumer key: the queue to consume from. */
  public static final String CONSUMER_QUEUE = "queue";

  /** Per-consumer key: {@code classic} or {@code quorum}. */
  public static final String CONSUMER_QUEUE_TYPE = "queue-type";

  /** Per-consumer key: {@code basic.qos} prefetch count, at least 1. */
  public static final String CONSUMER_PREFETCH = "prefetch";

  /** Per-consumer key: deliveries handled at the same time, at least 1. */
  public static final String CONSUMER_CONCURRENCY = "concurrency";

  /** Per-consumer key: deliveries per call of a batch consumer; 1 is not a batch. */
  public static final String CONSUMER_BATCH_SIZE = "batch-size";

  /** Per-consumer key: how long a batch waits for more deliveries after its first. */
  public static final String CONSUMER_BATCH_WAIT = "batch-wait";

  /** Per-consumer key: the cap on deliveries, 0 for none. */
  public static final String CONSUMER_MAX_ATTEMPTS = "max-attempts";

  /** Per-consumer key: the queue for messages at the cap. */
  public static final String CONSUMER_DEAD_LETTER = "dead-letter";

  /**
   * Per-consumer key: a quorum consumer's delivery limit without max-attempts: unlimited (default
   * when Warren declares the queue), policy (the broker's policy decides) or a number of returns.
   */
  public static final String CONSUMER_DELIVERY_LIMIT = "delivery-limit";

  /** Per-consumer key: where delayed retries wait: none, dlx-ttl or plugin-dme. */
  public static final String CONSUMER_DELAY = "delay";

  /** Per-consumer key: the wait queue or delayed exchange. */
  public static final String CONSUMER_DELAY_TARGET = "delay-target";

  /** Per-consumer key: comma-separated delay tiers for dlx-ttl, one wait queue each. */
  public static final String CONSUMER_DELAY_TIERS = "delay-tiers";

  /**
   * Per-consumer key: a quorum queue's own back-off, {@code failed}, {@code all} or {@code
   * disabled} (RabbitMQ 4.3 and later).
   */
  public static final String CONSUMER_DELAYED_RETRY_TYPE = "delayed-retry-type";

  /** Per-consumer key: the back-off's hold after the first return, a duration in whole ms. */
  public static final String CONSUMER_DELAYED_RETRY_MIN = "delayed-retry-min";

  /** Per-consumer key: the back-off's longest hold, a duration in whole ms. */
  public static final String CONSUMER_DELAYED_RETRY_MAX = "delayed-retry-max";

  /**
   * Per-consumer key: how many partitions (quorum queues behind a hashing exchange), 0 for none.
   */
  public static final String CONSUMER_PARTITIONS = "partitions";

  /**
   * Per-consumer key: the longest a handler may take for one delivery (or batch) before Warren
   * settles it as {@code retry()} and ignores its late result; {@code none} (the default) for no
   * limit.
   */
  public static final String CONSUMER_HANDLER_TIMEOUT = "handler-timeout";

  /** Per-consumer key: overrides {@link #DECLARE_TOPOLOGY} for one consumer. */
  public static final String CONSUMER_DECLARE_TOPOLOGY = "declare-topology";

  /** Per-consumer key: {@code false} keeps the consumer from starting. */
  public static final String CONSUMER_ENABLED = "enabled";

  /** All top-level keys, for documentation checks. */
  public static final List<String> GLOBAL_KEYS =
      Stream.of(
              Stream.of(
                  URI,
                  ADDRESSES,
                  USERNAME,
                  PASSWORD,
                  VIRTUAL_HOST,
                  CONNECTION_NAME,
                  CONNECTIONS,
                  DECLARE_TOPOLOGY,
                  SHUTDOWN_TIMEOUT,
                  RECOVERY_INTERVAL,
                  BROKER_CONSUMER_TIMEOUT,
                  INSTANCE_ID,
                  RETRY_COUNT_HEADER,
                  PUBLISHER_CONFIRM_TIMEOUT,
                  PUBLISHER_MAX_IN_FLIGHT,
                  PUBLISHER_NACK_REPUBLISHES,
                  MANAGED_THREAD_FACTORY,
                  INTERCEPTOR_PRIORITY,
                  TELEMETRY_ENABLED,
                  HEALTH_ENABLED,
                  ASYNCAPI_TITLE,
                  ASYNCAPI_VERSION,
                  ASYNCAPI_ENABLED,
                  ASYNCAPI_PATH,
                  ASYNCAPI_PAGE_PATH,
                  DeadLetterHttpSettings.ENABLED,
                  DeadLetterHttpSettings.PATH,
                  DeadLetterHttpSettings.ROLE,
                  STRICT_CONFIG),
              TableSettings.KEYS.stream(),
              OutboxSettings.KEYS.stream(),
              InboxSettingsReader.KEYS.stream())
          .flatMap(keys -> keys)
          .toList();

  /** All per-consumer keys, for documentation checks. */
  public static final List<String> CONSUMER_KEYS =
      List.of(
          CONSUMER_QUEUE,
          CONSUMER_QUEUE_TYPE,
          CONSUMER_PREFETCH,
          CONSUMER_CONCURRENCY,
          CONSUMER_BATCH_SIZE,
          CONSUMER_BATCH_WAIT,
          CONSUMER_MAX_ATTEMPTS,
          CONSUMER_DEAD_LETTER,
          CONSUMER_DELIVERY_LIMIT,
          CONSUMER_DELAY,
          CONSUMER_DELAY_TARGET,
          CONSUMER_DELAY_TIERS,
          CONSUMER_DELAYED_RETRY_TYPE,
          CONSUMER_DELAYED_RETRY_MIN,
          CONSUMER_DELAYED_RETRY_MAX,
          CONSUMER_PARTITIONS,
          CONSUMER_HANDLER_TIMEOUT,
          CONSUMER_DECLARE_TOPOLOGY,
          CONSUMER_ENABLED);

  static final String DEFAULT_URI = "amqp://guest:guest@localhost:5672/";
  static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(30);
  static final Duration DEFAULT_RECOVERY_INTERVAL = Duration.ofSeconds(1);
  static final Duration DEFAULT_BROKER_CONSUMER_TIMEOUT = Duration.ofMinutes(30);

  /** Warren's retry count header when {@link #RETRY_COUNT_HEADER} is not set. */
  public static final String DEFAULT_RETRY_COUNT_HEADER = "x-warren-retry-count";

  static final Duration DEFAULT_CONFIRM_TIMEOUT = Duration.ofSeconds(30);
  static final int DEFAULT_MAX_IN_FLIGHT = 1000;
  static final int MAX_NACK_REPUBLISHES = 10;
  static final String DEFAULT_ASYNCAPI_VERSION = "unversioned";
  static final String DEFAULT_ASYNCAPI_PATH = "/warren/asyncapi.json";
  static final String DEFAULT_ASYNCAPI_PAGE_PATH = "/warren/asyncapi.html";

  private final ConfigReader reader;

  /**
   * @param config the application's config
   * @param problems receives one line per invalid value
   */
  public WarrenConfig(Config config, Consumer<String> problems) {
    this.reader = new ConfigReader(config, problems);
  }

  /**
   * Whether a connection setting ({@code warren.uri}, {@code warren.addresses}, ...) was invalid
   * when {@link #global} read it: then Warren must not connect at all, not even with defaults.
   */
  public boolean connectionInvalid() {
    return reader.connectionInvalid();
  }

  /** Reads {@link #STRICT_CONFIG}. */
  public boolean strict() {
    return reader.read(STRICT_CONFIG, false, WarrenConfig::parseBoolean);
  }

  /**
   * Every property name the application's config sources hold now, for {@link UnknownKeys}; read
   * from each source, since an implementation may cache the names of the whole config.
   */
  public Iterable<String> propertyNames() {
    return reader.propertyNames();
  }

  /** Reads the application-wide settings. */
  public GlobalSettings global(String defaultConnectionName) {
    return GlobalSettingsReader.read(reader, defaultConnectionName);
  }

  /**
   * Reads the priority of Warren's interceptor ({@link #INTERCEPTOR_PRIORITY}), any whole number;
   * read during bean discovery, before the other settings.
   */
  public int interceptorPriority() {
    return reader.read(
        INTERCEPTOR_PRIORITY, OutcomeInterceptor.DEFAULT_PRIORITY, WarrenConfig::parseInt);
  }

  /** Reads the outbox's settings and the table settings it shares with the inbox. */
  public OutboxSettings outbox() {
    return OutboxSettings.read(reader);
  }

  /** Reads the inbox's settings and the table settings it shares with the outbox. */
  public InboxSettings inbox() {
    return InboxSettingsReader.read(reader);
  }

  /** Reads {@link #TELEMETRY_ENABLED}. */
  public boolean telemetryEnabled() {
    return reader.read(TELEMETRY_ENABLED, true, WarrenConfig::parseBoolean);
  }

  /** Reads {@link #HEALTH_ENABLED}; read during bean discovery. */
  public boolean healthEnabled() {
    return reader.read(HEALTH_ENABLED, true, WarrenConfig::parseBoolean);
  }

  /**
   * Reads the AsyncAPI settings.
   *
   * @param defaultTitle the document's title when {@link #ASYNCAPI_TITLE} is not set
   */
  public AsyncApiSettings asyncApi(String defaultTitle) {
    return GlobalSettingsReader.asyncApi(reader, defaultTitle);
  }

  /** Reads the settings of the dead letter operations over HTTP. */
  public DeadLetterHttpSettings deadLettersHttp() {
    return DeadLetterHttpSettings.read(reader);
  }

  /**
   * Resolves one consumer setting: {@code warren.consumers.<name>.<key>}, then {@code
   * warren.consumers.defaults.<key>}, then the annotation's value.
   */
  public <T> Setting<T> consumer(
      String consumer, String key, T annotationValue, Function<String, T> parse) {
    return ConsumerSettingReader.read(reader, consumer, key, annotationValue, parse);
  }

  /** {@code duration} unless it is zero. */
  static Duration positive(Duration duration) {
    if (duration.isZero()) {
      throw new IllegalArgumentException("must be longer than zero");
    }
    return duration;
  }

  /** Parses a whole number from {@code min} to {@code max}. */
  static int between(String text, int min, int max) {
    int value = parseInt(text);
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          "expected a whole number from "
              + min
              + (max == Integer.MAX_VALUE ? " up" : " to " + max));
    }
    return value;
  }

  /** Parses {@code true} or {@code false}, nothing else. */
  public static boolean parseBoolean(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("expected true or false");
    };
  }

  /** Parses {@link #CONNECTIONS}: {@code by-role}, {@code shared} or {@code per-consumer}. */
  static ConnectionLayout parseConnections(String text) {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "by-role" -> ConnectionLayout.BY_ROLE;
      case "shared" -> ConnectionLayout.SHARED;
      case "per-consumer" -> ConnectionLayout.PER_CONSUMER;
      default -> throw new IllegalArgumentException("expected by-role, shared or per-consumer");
    };
  }

  /** Parses a handler-timeout: {@code none} (no limit, {@link Duration#ZERO}) or a duration. */
  public static Duration parseHandlerTimeout(String text) {
    if (text.trim().equalsIgnoreCase("none")) {
      return Duration.ZERO;
    }
    Duration timeout = Durations.parse(text);
    if (timeout.isZero() || timeout.isNegative()) {
      throw new IllegalArgumentException("expected 'none' or a duration longer than zero");
    }
    return timeout;
  }

  /** Parses a whole number. */
  public static int parseInt(String text) {
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected a whole number");
    }
  }

  /** Parses {@code classic} or {@code quorum}. */
  public static QueueType parseQueueType(String text) {
    try {
      return QueueType.valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("expected classic or quorum");
    }
  }

  /** Parses {@code none}, {@code dlx-ttl} or {@code plugin-dme} (or the enum names). */
  public static Delay parseDelay(String text) {
    try {
      return Delay.valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("expected none, dlx-ttl or plugin-dme");
    }
  }

  /**
   * Parses a quorum queue's back-off type: {@code none}, {@code failed}, {@code all} or {@code
   * disabled}, in any case. The broker's {@code returned} is refused with its reason: it holds only
   * nacks, which Warren never sends.
   */
  public static DelayedRetryType parseDelayedRetryType(String text) {
    String value = text.trim();
    if (value.equalsIgnoreCase("returned")) {
      throw new IllegalArgumentException(
          "'returned' holds only basic.nack, and Warren settles retry() with basic.reject, which"
              + " the broker would redeliver at once: use failed or all");
    }
    try {
      return DelayedRetryType.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "expected none, failed, all or disabled: the broker accepts any other value and"
              + " silently redelivers at once");
    }
  }

  /** Parses a comma-separated list into its trimmed, non-empty parts. */
  public static List<String> parseList(String text) {
    return java.util.Arrays.stream(text.split(","))
        .map(String::trim)
        .filter(part -> !part.isEmpty())
        .toList();
  }

  /** Returns the text unless it is blank. */
  public static String nonBlank(String text) {
    if (text.isBlank()) {
      throw new IllegalArgumentException("must not be blank");
    }
    return text.trim();
  }

  /**
   * A resolved consumer setting and where it came from, for messages.
   *
   * @param value the value
   * @param source {@code @RabbitConsumer} or the quoted config key
   */
  public record Setting<T>(T value, String source) {

    /** Whether the value comes from {@code warren.consumers.defaults.<key>}. */
    public boolean fromDefaults() {
      return source.startsWith("'" + CONSUMERS_PREFIX + DEFAULTS + ".");
    }
  }
}
