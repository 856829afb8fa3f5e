package dev.warren.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.RecoveryDelayHandler;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.junit.jupiter.api.Test;

/** SPEC section 9: keys, defaults, precedence, and invalid values as deployment problems. */
class WarrenConfigTest {

  private static final String SECRET = "s3cr3t-Pa55";

  private final List<String> problems = new ArrayList<>();

  private WarrenConfig config(String... keysAndValues) {
    Map<String, String> properties = new HashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      properties.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    Config config =
        new SmallRyeConfigBuilder()
            .withSources(new PropertiesConfigSource(properties, "test", 100))
            .build();
    return new WarrenConfig(config, problems::add);
  }

  // ---- application-wide settings ----

  @Test
  void withoutKeysConnectsAsGuestToLocalhost() {
    GlobalSettings global = config().global("my-app");

    ConnectionSettings connection = global.connection();
    assertThat(connection.addresses())
        .extracting(Address::getHost, Address::getPort)
        .containsExactly(tuple("localhost", 5672));
    assertThat(connection.tls()).isFalse();
    assertThat(connection.username()).isEqualTo("guest");
    assertThat(connection.password()).isEqualTo("guest");
    assertThat(connection.virtualHost()).isEqualTo("/");
    assertThat(connection.connectionName()).isEqualTo("my-app");
    assertThat(problems).isEmpty();
  }

  @Test
  void theBrokersConsumerTimeoutIsThirtyMinutesUnlessDeclared() {
    assertThat(config().global("a").brokerConsumerTimeout()).isEqualTo(Duration.ofMinutes(30));
    assertThat(config("warren.broker.consumer-timeout", "5s").global("a").brokerConsumerTimeout())
        .isEqualTo(Duration.ofSeconds(5));
    config("warren.broker.consumer-timeout", "0s").global("a");
    assertThat(problems)
        .singleElement()
        .asString()
        .contains("WARREN-004", "'warren.broker.consumer-timeout'");
  }

  @Test
  void aHandlerTimeoutIsNoneOrADurationLongerThanZero() {
    assertThat(WarrenConfig.parseHandlerTimeout("none")).isZero();
    assertThat(WarrenConfig.parseHandlerTimeout("2s")).isEqualTo(Duration.ofSeconds(2));
    WarrenConfig config =
        config(
            "warren.consumers.defaults.handler-timeout", "10s",
            "warren.consumers.slow.handler-timeout", "0s");
    assertThat(
            config
                .consumer(
                    "fast", "handler-timeout", Duration.ZERO, WarrenConfig::parseHandlerTimeout)
                .value())
        .isEqualTo(Duration.ofSeconds(10));
    config.consumer("slow", "handler-timeout", Duration.ZERO, WarrenConfig::parseHandlerTimeout);
    assertThat(problems)
        .singleElement()
        .asString()
        .contains("'warren.consumers.slow.handler-timeout'", "'none' or a duration");
  }

  @Test
  void consumersAndPublishingHaveConnectionsOfTheirOwnUnlessShared() {
    ConnectionSettings byDefault = config().global("my-app").connection();
    assertThat(byDefault.shared()).isFalse();
    assertThat(byDefault.consumersName()).isEqualTo("my-app-consumers");
    assertThat(byDefault.publisherName()).isEqualTo("my-app-publisher");

    ConnectionSettings shared =
        config("warren.connections", " Shared ").global("my-app").connection();
    assertThat(shared.consumersName()).isEqualTo("my-app");
    assertThat(shared.publisherName()).isEqualTo("my-app");
    assertThat(config("warren.connections", "by-role").global("a").connection().shared()).isFalse();
    ConnectionSettings perConsumer =
        config("warren.connections", "per-consumer").global("my-app").connection();
    assertThat(perConsumer.perConsumer()).isTrue();
    assertThat(perConsumer.shared()).isFalse();
    assertThat(perConsumer.consumerName("orders")).isEqualTo("my-app-consumer-orders");
    assertThat(perConsumer.publisherName()).isEqualTo("my-app-publisher");
    assertThat(byDefault.perConsumer()).isFalse();
    assertThat(problems).isEmpty();

    assertThat(config("warren.connections", "one").global("my-app").connection().shared())
        .isFalse();
    assertThat(problems)
        .singleElement()
        .asString()
        .contains("'warren.connections'", "one", "by-role, shared or per-consumer");
  }

  @Test
  void aLostConnectionIsRecoveredAtOnceThenEveryRecoveryInterval() {
    ConnectionSettings byDefault = config().global("my-app").connection();
    assertThat(byDefault.recoveryInterval()).isEqualTo(Duration.ofSeconds(1));
    RecoveryDelayHandler delays = byDefault.factory().getRecoveryDelayHandler();
    assertThat(delays.getDelay(0)).isZero();
    assertThat(delays.getDelay(1)).isEqualTo(1_000);
    assertThat(delays.getDelay(7)).isEqualTo(1_000);

    ConnectionSettings set =
        config("warren.recovery-interval", "250ms").global("my-app").connection();
    assertThat(set.factory().getRecoveryDelayHandler().getDelay(3)).isEqualTo(250);
    assertThat(problems).isEmpty();

    config("warren.recovery-interval", "0s").global("my-app");
    assertThat(problems).singleElement().asString().contains("warren.recovery-interval");
  }

  @Test
  void theInterceptorPriorityIsOutsideTransactionsAndFaultToleranceUnlessSet() {
    assertThat(config().interceptorPriority()).isEqualTo(150).isLessThan(200);
    assertThat(config("warren.interceptor.priority", " 4020 ").interceptorPriority())
        .isEqualTo(4020);
    assertThat(problems).isEmpty();

    assertThat(config("warren.interceptor.priority", "outside").interceptorPriority())
        .isEqualTo(150);
    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> assertThat(p).startsWith("WARREN-004").contains("'warren.interceptor.priority'"));
  }

  @Test
  void theInboxDefaultsToRefusingMissingIdsAWeekAndCreatingItsTable() {
    InboxSettings inbox = config().inbox();

    assertThat(inbox.dataSource()).isEmpty();
    assertThat(inbox.createTables()).isTrue();
    assertThat(inbox.table()).isEqualTo("warren_inbox");
    assertThat(inbox.retention()).isEqualTo(Duration.ofDays(7));
    assertThat(inbox.missingId()).isEqualTo(InboxSettings.MissingId.REFUSE);
    assertThat(problems).isEmpty();
  }

  @Test
  void theInboxKeysAreReadAndABadTableNameIsAProblemNamingTheKey() {
    InboxSettings inbox =
        config(
                "warren.datasource", " jdbc/app ",
                "warren.create-tables", "false",
                "warren.inbox.table", "app.inbox",
                "warren.inbox.retention", "2s",
                "warren.inbox.missing-id", "BODY")
            .inbox();

    assertThat(inbox)
        .isEqualTo(
            new InboxSettings(
                "jdbc/app",
                false,
                "app.inbox",
                Duration.ofSeconds(2),
                InboxSettings.MissingId.BODY));
    assertThat(problems).isEmpty();

    assertThat(config("warren.inbox.table", "inbox; drop table x").inbox().table())
        .isEqualTo("warren_inbox");
    assertThat(config("warren.inbox.missing-id", "ignore").inbox().missingId())
        .isEqualTo(InboxSettings.MissingId.REFUSE);
    assertThat(problems)
        .satisfiesExactly(
            p -> assertThat(p).startsWith("WARREN-004").contains("'warren.inbox.table'"),
            p -> assertThat(p).startsWith("WARREN-004").contains("'warren.inbox.missing-id'"));
  }

  @Test
  void withoutKeysUsesTheBuiltInDefaults() {
    GlobalSettings global = config().global("my-app");

    assertThat(global.declareTopology()).isFalse();
    assertThat(global.shutdownTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(global.retryCountHeader()).isEqualTo("x-warren-retry-count");
    assertThat(problems).isEmpty();
  }

  @Test
  void globalKeysOverrideTheDefaults() {
    GlobalSettings global =
        config(
                "warren.declare-topology", "true",
                "warren.shutdown-timeout", "5s",
                "warren.retry-count-header", "x-ruststream-retry-count",
                "warren.connection-name", "orders-service")
            .global("my-app");

    assertThat(global.declareTopology()).isTrue();
    assertThat(global.shutdownTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(global.retryCountHeader()).isEqualTo("x-ruststream-retry-count");
    assertThat(global.connection().connectionName()).isEqualTo("orders-service");
    assertThat(problems).isEmpty();
  }

  @Test
  void uriGivesHostPortCredentialsAndVirtualHost() {
    ConnectionSettings connection =
        config("warren.uri", "amqps://alice:" + SECRET + "@rabbit.example/prod")
            .global("app")
            .connection();

    assertThat(connection.addresses())
        .extracting(Address::getHost, Address::getPort)
        .containsExactly(tuple("rabbit.example", 5671));
    assertThat(connection.tls()).isTrue();
    assertThat(connection.username()).isEqualTo("alice");
    assertThat(connection.password()).isEqualTo(SECRET);
    assertThat(connection.virtualHost()).isEqualTo("prod");
    assertThat(problems).isEmpty();
  }

  @Test
  void addressesOverrideTheUriHost() {
    ConnectionSettings connection =
        config(
                "warren.uri", "amqp://alice:pw@rabbit.example:5673/prod",
                "warren.addresses", "node1:5672, node2:5674,node3")
            .global("app")
            .connection();

    assertThat(connection.addresses())
        .extracting(Address::getHost, Address::getPort)
        .containsExactly(tuple("node1", 5672), tuple("node2", 5674), tuple("node3", 5673));
    assertThat(connection.username()).isEqualTo("alice");
    assertThat(connection.virtualHost()).isEqualTo("prod");
    assertThat(problems).isEmpty();
  }

  @Test
  void usernamePasswordAndVirtualHostKeysOverrideTheUri() {
    ConnectionSettings connection =
        config(
                "warren.uri", "amqp://alice:from-uri@rabbit.example/prod",
                "warren.username", "bob",
                "warren.password", SECRET,
                "warren.virtual-host", "staging")
            .global("app")
            .connection();

    assertThat(connection.username()).isEqualTo("bob");
    assertThat(connection.password()).isEqualTo(SECRET);
    assertThat(connection.virtualHost()).isEqualTo("staging");
    assertThat(connection.addresses())
        .extracting(Address::getHost)
        .containsExactly("rabbit.example");
  }

  @Test
  void uriWithoutUserInfoConnectsAsGuest() {
    ConnectionSettings connection =
        config("warren.uri", "amqp://rabbit.example").global("app").connection();

    assertThat(connection.username()).isEqualTo("guest");
    assertThat(connection.password()).isEqualTo("guest");
  }

  @Test
  void connectionSettingsNeverShowThePassword() {
    ConnectionSettings connection =
        config("warren.uri", "amqp://alice:" + SECRET + "@rabbit.example/prod")
            .global("app")
            .connection();

    assertThat(connection.password()).isEqualTo(SECRET);
    assertThat(connection.toString())
        .doesNotContain(SECRET)
        .contains("'rabbit.example:5672'")
        .contains("'alice'");
    assertThat(connection.where())
        .doesNotContain(SECRET)
        .isEqualTo("'rabbit.example:5672' (virtual host 'prod')");
  }

  // ---- invalid global values ----

  @Test
  void unparsableShutdownTimeoutIsOneProblemNamingKeyAndValue() {
    GlobalSettings global = config("warren.shutdown-timeout", "soon").global("app");

    assertThat(problems).hasSize(1);
    assertThat(problems.get(0))
        .startsWith("WARREN-004 ")
        .contains("'warren.shutdown-timeout'")
        .contains("'soon'");
    assertThat(global.shutdownTimeout()).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void shutdownTimeoutTooLargeForADurationIsAProblemNotACrash() {
    config("warren.shutdown-timeout", "999999999999999d").global("app");

    assertThat(problems).hasSize(1);
    assertThat(problems.get(0))
        .startsWith("WARREN-004 ")
        .contains("'warren.shutdown-timeout'")
        .contains("'999999999999999d'");
  }

  @Test
  void invalidBooleanIsOneProblem() {
    config("warren.declare-topology", "yes").global("app");

    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith("WARREN-004 ")
        .contains("'warren.declare-topology'")
        .contains("'yes'")
        .contains("true or false");
  }

  @Test
  void invalidAddressesAreOneProblem() {
    config("warren.addresses", "node1:99999").global("app");

    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith("WARREN-004 ")
        .contains("'warren.addresses'")
        .contains("'node1:99999'");
  }

  @Test
  void invalidUriIsOneProblemThatNeverPrintsThePassword() {
    config("warren.uri", "http://alice:" + SECRET + "@rabbit.example/").global("app");

    assertThat(problems).hasSize(1);
    assertThat(problems.get(0))
        .startsWith("WARREN-004 ")
        .contains("'warren.uri'")
        .doesNotContain(SECRET);
  }

  @Test
  void invalidUriWithASecondSlashNeverPrintsThePassword() {
    config("warren.uri", "amqp://alice:" + SECRET + "@rabbit.example/a/b").global("app");

    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith("WARREN-004 ")
        .contains("'warren.uri'")
        .doesNotContain(SECRET);
  }

  @Test
  void aSlashInThePasswordIsOneProblemThatNamesNoPieceOfItAndSaysHowToEncodeIt() {
    // issue 31: "the port 's3cr3t' is not a number" reached the deployment problem
    config("warren.uri", "amqp://app:s3cr3t/Xy9@broker/").global("app");

    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith("WARREN-004 ")
        .contains("'warren.uri'")
        .contains("percent-encode", "%2F")
        .doesNotContain("s3cr3t")
        .doesNotContain("Xy9");
  }

  @Test
  void everyInvalidValueIsReportedTogether() {
    config("warren.shutdown-timeout", "soon", "warren.declare-topology", "maybe").global("app");

    assertThat(problems)
        .hasSize(2)
        .anySatisfy(p -> assertThat(p).contains("'warren.shutdown-timeout'"))
        .anySatisfy(p -> assertThat(p).contains("'warren.declare-topology'"));
  }

  // ---- per-consumer precedence: consumer key > defaults key > annotation ----

  @Test
  void consumerKeyWinsOverDefaultsAndAnnotation() {
    WarrenConfig config =
        config(
            "warren.consumers.orders.prefetch", "10",
            "warren.consumers.defaults.prefetch", "20");

    WarrenConfig.Setting<Integer> prefetch =
        config.consumer("orders", "prefetch", 250, WarrenConfig::parseInt);

    assertThat(prefetch.value()).isEqualTo(10);
    assertThat(prefetch.source()).isEqualTo("'warren.consumers.orders.prefetch'");
    assertThat(problems).isEmpty();
  }

  @Test
  void defaultsKeyWinsOverAnnotation() {
    WarrenConfig config = config("warren.consumers.defaults.prefetch", "20");

    WarrenConfig.Setting<Integer> prefetch =
        config.consumer("orders", "prefetch", 250, WarrenConfig::parseInt);

    assertThat(prefetch.value()).isEqualTo(20);
    assertThat(prefetch.source()).isEqualTo("'warren.consumers.defaults.prefetch'");
  }

  @Test
  void annotationValueAppliesWithoutKeys() {
    WarrenConfig config = config("warren.consumers.payments.prefetch", "5");

    WarrenConfig.Setting<Integer> prefetch =
        config.consumer("orders", "prefetch", 250, WarrenConfig::parseInt);

    assertThat(prefetch.value()).isEqualTo(250);
    assertThat(prefetch.source()).isEqualTo("@RabbitConsumer");
  }

  @Test
  void consumerKeysAreParsedByTheGivenParser() {
    WarrenConfig config = config("warren.consumers.orders.queue-type", " Quorum ");

    assertThat(
            config
                .consumer(
                    "orders",
                    "queue-type",
                    dev.warren.QueueType.CLASSIC,
                    WarrenConfig::parseQueueType)
                .value())
        .isEqualTo(dev.warren.QueueType.QUORUM);
  }

  @Test
  void invalidConsumerValueIsOneProblemNamingKeyAndValue() {
    WarrenConfig config = config("warren.consumers.x.prefetch", "abc");

    WarrenConfig.Setting<Integer> prefetch =
        config.consumer("x", "prefetch", 250, WarrenConfig::parseInt);

    assertThat(problems).hasSize(1);
    assertThat(problems.get(0))
        .startsWith("WARREN-004 ")
        .contains("'warren.consumers.x.prefetch'")
        .contains("'abc'");
    assertThat(prefetch.value()).isEqualTo(250);
  }

  @Test
  void invalidDefaultsValueIsOneProblemNamingItsKey() {
    WarrenConfig config = config("warren.consumers.defaults.queue-type", "stream");

    config.consumer("x", "queue-type", dev.warren.QueueType.CLASSIC, WarrenConfig::parseQueueType);

    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith("WARREN-004 ")
        .contains("'warren.consumers.defaults.queue-type'")
        .contains("'stream'")
        .contains("classic or quorum");
  }

  // ---- the AsyncAPI document ----

  @Test
  void asyncApiDefaultsServeTheDocumentTitledByTheConnectionName() {
    AsyncApiSettings settings = config().asyncApi("my-app");

    assertThat(settings)
        .isEqualTo(
            new AsyncApiSettings(
                "my-app", "unversioned", true, "/warren/asyncapi.json", "/warren/asyncapi.html"));
    assertThat(problems).isEmpty();
  }

  @Test
  void asyncApiPathsMustBeExactPathsAndDiffer() {
    config("warren.asyncapi.path", "asyncapi.json", "warren.asyncapi.page-path", "/docs/*")
        .asyncApi("my-app");
    config("warren.asyncapi.path", "/docs", "warren.asyncapi.page-path", "/docs").asyncApi("x");

    assertThat(problems).hasSize(3);
    assertThat(problems.get(0)).contains("'warren.asyncapi.path'", "starting with '/'");
    assertThat(problems.get(1)).contains("'warren.asyncapi.page-path'", "without '*'");
    assertThat(problems.get(2))
        .contains("'warren.asyncapi.page-path'", "must differ from 'warren.asyncapi.path'");
  }

  // ---- dead letters over HTTP ----

  @Test
  void deadLettersOverHttpAreOffByDefaultAtTheirPathWithTheOperatorRole() {
    assertThat(config().deadLettersHttp())
        .isEqualTo(new DeadLetterHttpSettings(false, "/warren/dead-letters", "warren-operator"));
    assertThat(problems).isEmpty();
  }

  @Test
  void deadLettersOverHttpRefuseAPathWithAWildcardOrATrailingSlashAndAWildcardRole() {
    config(
            "warren.dead-letters.http.enabled", "yes",
            "warren.dead-letters.http.path", "/ops/",
            "warren.dead-letters.http.role", "*")
        .deadLettersHttp();
    config("warren.dead-letters.http.path", "/ops/*").deadLettersHttp();

    assertThat(problems).hasSize(4);
    assertThat(problems.get(0)).contains("'warren.dead-letters.http.enabled'", "'yes'");
    assertThat(problems.get(1)).contains("'warren.dead-letters.http.path'", "trailing '/'");
    assertThat(problems.get(2)).contains("'warren.dead-letters.http.role'", "one role name");
    assertThat(problems.get(3)).contains("'warren.dead-letters.http.path'", "without '*'");
  }

  @Test
  void anInvalidConnectionSettingIsFlaggedSoThatWarrenDoesNotConnectWithDefaults() {
    WarrenConfig valid =
        config("warren.uri", "amqp://rabbit.example/", "warren.shutdown-timeout", "x");
    valid.global("app");
    assertThat(valid.connectionInvalid()).isFalse();

    for (String[] bad :
        new String[][] {
          {"warren.uri", "amqp//x"},
          {"warren.uri", "http://rabbit.example/"},
          {"warren.uri", "amqp://rabbit example/"},
          {"warren.uri", "amqp://rabbit.example:56x2/"},
          {"warren.addresses", "a:1,b:port"}
        }) {
      WarrenConfig config = config(bad);
      config.global("app");
      assertThat(config.connectionInvalid()).as(bad[1]).isTrue();
    }
  }
}
