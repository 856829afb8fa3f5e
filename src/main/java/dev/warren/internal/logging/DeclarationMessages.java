package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;
import java.time.Duration;

/** The messages of area {@link MessageArea#DECLARATIONS}. */
public final class DeclarationMessages {

  private DeclarationMessages() {}

  public static final Message INVALID_SETTING =
      new Message(
          5,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): {setting}={value} (from {source}) is "
              + "not allowed; |{fix}");

  public static String invalidSetting(
      String consumer, String method, String setting, Object value, String source, String fix) {
    return INVALID_SETTING.text(consumer, method, setting, value, source, fix);
  }

  public static final Message NO_PAYLOAD =
      new Message(
          10,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): the method has no payload parameter; "
              + "|add one parameter for the message body (byte[], String or a type the "
              + "codec decodes)");

  public static String noPayload(String consumer, String method) {
    return NO_PAYLOAD.text(consumer, method);
  }

  public static final Message TWO_PAYLOADS =
      new Message(
          11,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): the method has more than one payload "
              + "parameter ({parameters}); |keep exactly one payload parameter, plus at "
              + "most one dev.warren.Delivery");

  public static String twoPayloads(String consumer, String method, String parameters) {
    return TWO_PAYLOADS.text(consumer, method, parameters);
  }

  public static final Message UNSUPPORTED_RETURN_TYPE =
      new Message(
          12,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): return type '{type}' is not "
              + "supported; |return dev.warren.Outcome, void or "
              + "CompletionStage<Outcome>, or a reply value (or a CompletionStage<R> of "
              + "one) to make the method a responder");

  public static String unsupportedReturnType(String consumer, String method, String type) {
    return UNSUPPORTED_RETURN_TYPE.text(consumer, method, type);
  }

  public static final Message BLANK_QUEUE =
      new Message(
          13,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): @RabbitConsumer(queue) is blank; "
              + "|name the queue to consume from");

  public static String blankQueue(String consumer, String method) {
    return BLANK_QUEUE.text(consumer, method);
  }

  public static final Message METHOD_NOT_INVOCABLE =
      new Message(
          14,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): the method {why}; |make it a public "
              + "instance method of the bean class");

  public static String methodNotInvocable(String consumer, String method, String why) {
    return METHOD_NOT_INVOCABLE.text(consumer, method, why);
  }

  public static final Message DUPLICATE_NAME =
      new Message(
          15,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): the name is also used by {other}; "
              + "|give one of them another @RabbitConsumer(name) or queue");

  public static String duplicateName(String consumer, String method, String other) {
    return DUPLICATE_NAME.text(consumer, method, other);
  }

  public static final Message MISSING =
      new Message(
          16,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): {what} does not exist in virtual host "
              + "'{vhost}'; |declare it on the broker or set "
              + "'warren.declare-topology=true' (or "
              + "'warren.consumers.{consumer}.declare-topology=true') to let Warren "
              + "declare it");

  public static String missing(String consumer, String method, String what, String vhost) {
    return MISSING.text(consumer, method, what, vhost);
  }

  public static final Message DECLARE_REFUSED =
      new Message(
          17,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): the broker refused {step}: {reason}; " + "|{fix}");

  /**
   * A declare or check the broker refused, different arguments (406) or a user without the
   * permission (403): one id and one wording for both.
   *
   * @param step what Warren did, e.g. {@code declaring queue 'orders'}
   */
  public static String declareRefused(
      String consumer, String method, String step, String reason, String fix) {
    return DECLARE_REFUSED.text(consumer, method, step, reason, fix);
  }

  public static final Message CHECK_FAILED =
      new Message(
          18,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): checking {what} failed: {why}; |check "
              + "that the broker is reachable and the user may access it");

  public static String checkFailed(String consumer, String method, String what, String why) {
    return CHECK_FAILED.text(consumer, method, what, why);
  }

  public static final Message NO_JSONB =
      new Message(
          19,
          Level.PROBLEM,
          "consumers {consumers} need a payload codec, but no JSON-B "
              + "implementation is available ({why}); |add one (for example "
              + "org.eclipse:yasson) or a CDI bean implementing dev.warren.spi.Codec");

  public static String noJsonb(String consumers, String why) {
    return NO_JSONB.text(consumers, why);
  }

  public static final Message AMBIGUOUS_CODEC =
      new Message(
          20,
          Level.PROBLEM,
          "more than one CDI bean implements dev.warren.spi.Codec ({beans}); |keep "
              + "one, or veto the others");

  public static String ambiguousCodec(String beans) {
    return AMBIGUOUS_CODEC.text(beans);
  }

  public static final Message QUORUM_HALF_PAIR =
      new Message(
          21,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): quorum queue has "
              + "maxAttempts={maxAttempts} and deadLetter='{dlq}', but a quorum queue "
              + "needs both: a delivery limit without a dead-letter route silently drops "
              + "messages, and a route without a limit is never used; |set both or "
              + "neither");

  public static String quorumHalfPair(String consumer, String method, int maxAttempts, String dlq) {
    return QUORUM_HALF_PAIR.text(consumer, method, maxAttempts, dlq);
  }

  public static final Message QUORUM_CAP_NEEDS_DECLARE =
      new Message(
          22,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): quorum queue '{queue}' has "
              + "maxAttempts={maxAttempts} and deadLetter='{dlq}', which only the "
              + "queue's own arguments can enforce; |set 'warren.declare-topology=true' "
              + "(or 'warren.consumers.{consumer}.declare-topology=true') or remove the "
              + "pair");

  public static String quorumCapNeedsDeclare(
      String consumer, String method, String queue, int maxAttempts, String dlq) {
    return QUORUM_CAP_NEEDS_DECLARE.text(consumer, method, queue, maxAttempts, dlq);
  }

  public static final Message RETRY_PUBLISHER_ON_QUORUM =
      new Message(
          23,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): @RetryPublisher is set on a quorum "
              + "queue consumer, but a quorum queue publishes no retry copies (the "
              + "broker counts deliveries); |remove retryPublisher");

  public static String retryPublisherOnQuorum(String consumer, String method) {
    return RETRY_PUBLISHER_ON_QUORUM.text(consumer, method);
  }

  public static final Message BAD_ARGUMENT =
      new Message(
          24,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): queue argument '{name}' {why}",
          "correct or remove the queue argument");

  public static String badArgument(String consumer, String method, String name, String why) {
    return BAD_ARGUMENT.text(consumer, method, name, why);
  }

  public static final Message DELAY_PLUGIN_MISSING =
      new Message(
          26,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): delay=PLUGIN_DME needs the "
              + "delayed-message plugin, but the broker does not know exchange type "
              + "'x-delayed-message' ({reason}); |use delay=DLX_TTL (the plugin's project was "
              + "archived in 2026), or enable the plugin rabbitmq_delayed_message_exchange on "
              + "the broker");

  public static String delayPluginMissing(String consumer, String method, String reason) {
    return DELAY_PLUGIN_MISSING.text(consumer, method, reason);
  }

  public static final Message PLUGIN_DELAY_DEPRECATED =
      new Message(
          27,
          Level.WARN,
          "consumer '{consumer}' ({method}): delay=PLUGIN_DME ({source}) is deprecated: "
              + "the delayed-message plugin's project was archived in 2026 and gets no "
              + "releases for new RabbitMQ versions; it keeps working where the plugin is "
              + "installed; |use delay=DLX_TTL (wait queues, on every version), or on RabbitMQ "
              + "4.3 and later a quorum queue's own back-off (delayedRetryType)");

  public static String pluginDelayDeprecated(String consumer, String method, String source) {
    return PLUGIN_DELAY_DEPRECATED.text(consumer, method, source);
  }

  public static final Message PARTITION_EXCHANGE_MISSING =
      new Message(
          28,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): partitions={count} needs a hashing exchange; "
              + "RabbitMQ {version} has the built-in x-modulus-hash only from 4.3 on, and it "
              + "does not know exchange type 'x-consistent-hash' ({reason}): the consistent-hash "
              + "plugin is not enabled; |enable it on every node with 'rabbitmq-plugins enable "
              + "rabbitmq_consistent_hash_exchange', or run RabbitMQ 4.3 or later");

  public static String partitionExchangeMissing(
      String consumer, String method, int count, String version, String reason) {
    return PARTITION_EXCHANGE_MISSING.text(consumer, method, count, version, reason);
  }

  public static final Message PARTITIONS_CHANGED =
      new Message(
          29,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): partitions={count}, but queue '{queue}' "
              + "{state} in vhost '{vhost}', so exchange '{exchange}' has had {other} "
              + "partitions: a new count sends most keys to other partitions, and messages "
              + "already queued would be handled out of order with the ones that follow; |to "
              + "change the count, stop publishing to exchange '{exchange}', let its queues "
              + "'{exchange}.0', '{exchange}.1', ... drain, delete the exchange and those "
              + "queues, and deploy again; or keep the count the queues were declared with");

  /**
   * @param state "exists" or "does not exist"
   * @param other "more" or "fewer"
   */
  public static String partitionsChanged(
      String consumer,
      String method,
      int count,
      String queue,
      String state,
      String vhost,
      String exchange,
      String other) {
    return PARTITIONS_CHANGED.text(consumer, method, count, queue, state, vhost, exchange, other);
  }

  public static final Message CAP_WITHOUT_DEAD_LETTER =
      new Message(
          45,
          Level.WARN,
          "consumer '{consumer}' ({method}): maxAttempts={maxAttempts} without "
              + "deadLetter: a message at the cap is dropped (basic.reject "
              + "requeue=false) and kept nowhere; |set deadLetter to keep such messages");

  public static String capWithoutDeadLetter(String consumer, String method, int maxAttempts) {
    return CAP_WITHOUT_DEAD_LETTER.text(consumer, method, maxAttempts);
  }

  public static final Message CAP_WITH_QUEUE_DEAD_LETTER_EXCHANGE =
      new Message(
          46,
          Level.WARN,
          "consumer '{consumer}' ({method}): the classic queue has its own "
              + "dead-letter exchange and maxAttempts: every retry rejects the original "
              + "after publishing its copy, so every attempt also lands in the queue's "
              + "dead-letter exchange; |remove one of them");

  public static String capWithQueueDeadLetterExchange(String consumer, String method) {
    return CAP_WITH_QUEUE_DEAD_LETTER_EXCHANGE.text(consumer, method);
  }

  public static final Message DEAD_LETTER_WITHOUT_CAP =
      new Message(
          47,
          Level.WARN,
          "consumer '{consumer}' ({method}): deadLetter='{dlq}' without "
              + "maxAttempts is never used; |set maxAttempts");

  public static String deadLetterWithoutCap(String consumer, String method, String dlq) {
    return DEAD_LETTER_WITHOUT_CAP.text(consumer, method, dlq);
  }

  public static final Message TIER_TOO_LONG =
      new Message(
          136,
          Level.WARN,
          "consumer '{consumer}' ({method}): delay tier {tier} is longer than "
              + "delay={strategy} holds ({max}); a retryAfter that long is refused when "
              + "returned; |remove or shorten the tier");

  public static String tierTooLong(
      String consumer, String method, Duration tier, String strategy, Duration max) {
    return TIER_TOO_LONG.text(consumer, method, tier, strategy, max);
  }

  public static final Message DELIVERY_LIMIT_REFUSED =
      new Message(
          206,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): quorum queue '{queue}' exists with "
              + "another delivery limit than Warren declares for {asked} "
              + "(x-delivery-limit={declared}): {reason}; |the broker cannot change the "
              + "arguments of an existing queue. Migrate the queue: delete it and let "
              + "Warren declare it again (move its messages elsewhere first, e.g. with a "
              + "shovel){fix}");

  public static String deliveryLimitRefused(
      String consumer,
      String method,
      String queue,
      String declared,
      String asked,
      String reason,
      String fix) {
    return DELIVERY_LIMIT_REFUSED.text(consumer, method, queue, asked, declared, reason, fix);
  }

  public static final Message QUORUM_LIMIT_UNSEEN =
      new Message(
          207,
          Level.WARN,
          "consumer '{consumer}' ({method}): Warren does not declare quorum queue "
              + "'{queue}' (declare-topology=false) and cannot see its delivery limit, "
              + "and RabbitMQ {version} gives a quorum queue without one a limit of 20: "
              + "a message returned more often (retry(), or retryAfter without a delay "
              + "strategy) is dead-lettered, or dropped if the queue has no dead-letter "
              + "route. Without maxAttempts, retry() means no limit: set it on the "
              + "broker with a policy, {policy} (or a limit there with a dead-letter "
              + "route), then set 'warren.consumers.{consumer}.delivery-limit=policy' to "
              + "say so; |or set maxAttempts and deadLetter with "
              + "'warren.consumers.{consumer}.declare-topology=true'");

  public static String quorumLimitUnseen(
      String consumer, String method, String queue, String version, String policy) {
    return QUORUM_LIMIT_UNSEEN.text(consumer, method, queue, version, policy);
  }

  public static final Message BROKER_VERSION_UNKNOWN =
      new Message(
          208,
          Level.WARN,
          "consumer '{consumer}' ({method}): the broker's version ('{version}') is "
              + "not one Warren can read, so it cannot tell what quorum queue '{queue}' "
              + "does without a delivery limit (RabbitMQ 4.x applies a limit of 20, 3.x "
              + "none; and x-delivery-limit=-1 means no limit on 4.x but dead-letters on "
              + "the first return on 3.x); Warren declares no limit, so the broker's "
              + "default applies; |set 'warren.consumers.{consumer}.delivery-limit' to a "
              + "number (the same on every version), or to 'policy' with a limit set by "
              + "a policy on the broker");

  public static String brokerVersionUnknown(
      String consumer, String method, String queue, String version) {
    return BROKER_VERSION_UNKNOWN.text(consumer, method, version, queue);
  }

  public static final Message LIMIT_WITHOUT_ROUTE =
      new Message(
          209,
          Level.WARN,
          "consumer '{consumer}' ({method}): quorum queue '{queue}' gets delivery "
              + "limit {limit} and no dead-letter route: the broker drops a message "
              + "returned more than {limit} times; |add @Argument x-dead-letter-exchange "
              + "(and x-dead-letter-routing-key) to keep it, or use maxAttempts with "
              + "deadLetter");

  public static String limitWithoutRoute(String consumer, String method, String queue, long limit) {
    return LIMIT_WITHOUT_ROUTE.text(consumer, method, queue, limit);
  }

  public static final Message ARGUMENT_REFUSED_BY_VERSION =
      new Message(
          285,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): queue argument '{name}' {why} on "
              + "RabbitMQ {version}, so Warren does not declare queue '{queue}'; |remove the "
              + "argument from the consumer's @Argument list");

  public static String argumentRefusedByVersion(
      String consumer, String method, String name, String why, String version, String queue) {
    return ARGUMENT_REFUSED_BY_VERSION.text(consumer, method, name, why, version, queue);
  }

  public static final Message ARGUMENT_IGNORED_BY_VERSION =
      new Message(
          286,
          Level.WARN,
          "consumer '{consumer}' ({method}): queue argument '{name}' of queue '{queue}' "
              + "{why} on RabbitMQ {version}; |remove the argument from the consumer's "
              + "@Argument list");

  public static String argumentIgnoredByVersion(
      String consumer, String method, String name, String queue, String why, String version) {
    return ARGUMENT_IGNORED_BY_VERSION.text(consumer, method, name, queue, why, version);
  }

  public static final Message DELAYED_RETRY_NEEDS_4_3 =
      new Message(
          293,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): delayedRetryType={type} ({source}) asks "
              + "quorum queue '{queue}' to hold each retry() before its redelivery, but "
              + "RabbitMQ {version} {why}: every retry() would be redelivered at once; "
              + "|run RabbitMQ 4.3 or later, or remove delayedRetryType (for delays on "
              + "older brokers return retryAfter with delay=DLX_TTL)");

  /**
   * @param why what the broker does with the arguments ("accepts the x-delayed-retry-* arguments
   *     and ignores them", or that its version is unknown)
   */
  public static String delayedRetryNeeds43(
      String consumer,
      String method,
      String type,
      String source,
      String queue,
      String version,
      String why) {
    return DELAYED_RETRY_NEEDS_4_3.text(consumer, method, type, source, queue, version, why);
  }

  public static final Message DELAYED_RETRY_UNSEEN =
      new Message(
          294,
          Level.WARN,
          "consumer '{consumer}' ({method}): delayedRetryType={type} ({source}), but "
              + "Warren does not declare quorum queue '{queue}' (declare-topology is off) "
              + "and cannot see an existing queue's arguments or policies over AMQP 0.9.1, "
              + "so it cannot check the back-off; the broker accepts malformed values and "
              + "silently redelivers at once; |make sure the queue has {arguments} (or the "
              + "policy keys delayed-retry-type, -min, -max), or set "
              + "'warren.consumers.{consumer}.declare-topology=true'");

  public static String delayedRetryUnseen(
      String consumer, String method, String type, String source, String queue, String arguments) {
    return DELAYED_RETRY_UNSEEN.text(consumer, method, type, source, queue, arguments);
  }
}
