package dev.warren.internal.logging;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Every message a user can see (WARN and above, every exception) with its stable id. Ids are never
 * reused; a retired message keeps its number reserved. Names are quoted with single quotes.
 */
public final class Messages {

  private Messages() {}

  /** {@code consumer 'name' (com.acme.Bean#method): }, the start of most lines. */
  private static String at(String consumer, String method) {
    return "consumer '" + consumer + "' (" + method + "): ";
  }

  // ---- deployment problems (reported together as one DeploymentException) ----

  /**
   * One problem stays on the first line; several get a first line with their ids. Tools that show
   * only a failure's first line (Open Liberty's deploy result, many log views) still say what.
   */
  public static String deploymentFailed(List<String> problems) {
    if (problems.size() == 1) {
      return "WARREN-001 Warren found 1 deployment problem: " + problems.get(0);
    }
    return "WARREN-001 Warren found "
        + problems.size()
        + " deployment problems ("
        + problems.stream()
            .map(p -> p.length() >= 10 ? p.substring(0, 10) : p)
            .distinct()
            .collect(java.util.stream.Collectors.joining(", "))
        + "):\n  "
        + String.join("\n  ", problems);
  }

  public static String brokerUnreachable(String where, String reason) {
    return "WARREN-002 cannot connect to RabbitMQ at "
        + where
        + ": "
        + reason
        + "; start the broker or point 'warren.uri' (or 'warren.addresses') at it";
  }

  public static String credentialsRefused(String where, String user) {
    return "WARREN-003 RabbitMQ at "
        + where
        + " refused the credentials of user '"
        + user
        + "'; set 'warren.username' and 'warren.password' (or the user info of 'warren.uri')";
  }

  public static String virtualHostMissing(String where, String vhost) {
    return "WARREN-131 RabbitMQ at "
        + where
        + " has no virtual host '"
        + vhost
        + "'; create it on the broker (rabbitmqctl add_vhost) or set 'warren.virtual-host' (or"
        + " the path of 'warren.uri') to one that exists";
  }

  public static String virtualHostRefused(String where, String vhost, String user) {
    return "WARREN-132 RabbitMQ at "
        + where
        + " accepted the credentials of user '"
        + user
        + "' but refused it access to virtual host '"
        + vhost
        + "'; grant the user permissions there (rabbitmqctl set_permissions -p '"
        + vhost
        + "' '"
        + user
        + "' ...), or set 'warren.username' to a user that has them";
  }

  public static String notAmqp(String where, String why) {
    return "WARREN-133 the server at "
        + where
        + " did not answer in AMQP 0-9-1 ("
        + why
        + "); if that port expects TLS (RabbitMQ's TLS port is usually 5671), use amqps:// in"
        + " 'warren.uri'; otherwise point 'warren.uri' (or 'warren.addresses') at the broker's"
        + " AMQP port (usually 5672)";
  }

  public static String unknownKey(String key, String why, boolean strict) {
    return "WARREN-130 config key '"
        + key
        + "' "
        + why
        + (strict
            ? " ('warren.strict-config=true' makes this a deployment problem)"
            : "; the key is ignored (set 'warren.strict-config=true' to fail deployment instead)");
  }

  public static String duplicateMapper(String exception, String mappers) {
    return "WARREN-134 more than one dev.warren.spi.FailureMapper bean maps '"
        + exception
        + "' ("
        + mappers
        + "), and only one can decide; keep one, or map a more specific exception type in the"
        + " other";
  }

  public static String invalidConfig(String key, String value, String why) {
    return "WARREN-004 config key '" + key + "' has invalid value '" + value + "': " + why;
  }

  public static String invalidSetting(
      String consumer, String method, String setting, Object value, String source, String fix) {
    return "WARREN-005 "
        + at(consumer, method)
        + setting
        + "="
        + value
        + " (from "
        + source
        + ") is not allowed; "
        + fix;
  }

  public static String noPayload(String consumer, String method) {
    return "WARREN-010 "
        + at(consumer, method)
        + "the method has no payload parameter; add one parameter for the message body"
        + " (byte[], String or a type the codec decodes)";
  }

  public static String twoPayloads(String consumer, String method, String parameters) {
    return "WARREN-011 "
        + at(consumer, method)
        + "the method has more than one payload parameter ("
        + parameters
        + "); keep exactly one payload parameter, plus at most one dev.warren.Delivery";
  }

  public static String unsupportedReturnType(String consumer, String method, String type) {
    return "WARREN-012 "
        + at(consumer, method)
        + "return type '"
        + type
        + "' is not supported; return dev.warren.Outcome, void or CompletionStage<Outcome>, or"
        + " a reply value (or a CompletionStage<R> of one) to make the method a responder";
  }

  public static String blankQueue(String consumer, String method) {
    return "WARREN-013 "
        + at(consumer, method)
        + "@RabbitConsumer(queue) is blank; name the queue to consume from";
  }

  public static String methodNotInvocable(String consumer, String method, String why) {
    return "WARREN-014 "
        + at(consumer, method)
        + "the method "
        + why
        + "; make it a public instance method of the bean class";
  }

  public static String duplicateName(String consumer, String method, String other) {
    return "WARREN-015 "
        + at(consumer, method)
        + "the name is also used by "
        + other
        + "; give one of them another @RabbitConsumer(name) or queue";
  }

  // ---- Warren's interceptor (deployment problems, one logged) ----

  public static String notInterceptable(String consumer, String method, String why) {
    return "WARREN-150 "
        + at(consumer, method)
        + "Warren's interceptor, which interprets what the method returns or throws, cannot be"
        + " bound to it: "
        + why;
  }

  public static String interceptorDisabled() {
    return "WARREN-151 Warren's interceptor (dev.warren.internal.interceptor.OutcomeInterceptor)"
        + " is not enabled in this deployment, so no consumer's outcome could be interpreted; a"
        + " portable extension may have vetoed it: let it be";
  }

  public static String notIntercepted(String consumer, String method) {
    return "WARREN-152 "
        + at(consumer, method)
        + "the method ran without passing Warren's interceptor, so Warren cannot tell what it"
        + " returned or threw, and the delivery stays unsettled; check that no portable extension"
        + " removes the binding or vetoes dev.warren.internal.interceptor.OutcomeInterceptor";
  }

  // ---- batch consumers (deployment problems) ----

  public static String batchNotAList(String consumer, String method, int batchSize, String type) {
    return "WARREN-070 "
        + at(consumer, method)
        + "batchSize="
        + batchSize
        + " makes it a batch consumer, but its payload parameter is '"
        + type
        + "'; declare it as java.util.List<T> with the element type (e.g. List<Order>), or set"
        + " batchSize=1";
  }

  public static String batchOverPrefetch(
      String consumer, String method, int batchSize, int prefetch) {
    return "WARREN-071 "
        + at(consumer, method)
        + "batchSize="
        + batchSize
        + " is larger than prefetch="
        + prefetch
        + ": the broker never sends more than prefetch unsettled deliveries, so a batch could"
        + " never fill; set batchSize to at most prefetch, or raise prefetch";
  }

  public static String batchReturnType(String consumer, String method, String type) {
    return "WARREN-072 "
        + at(consumer, method)
        + "return type '"
        + type
        + "' is not supported for a batch consumer; return dev.warren.Outcome (one for the whole"
        + " batch), List<Outcome> (one per element), void, or a CompletionStage of Outcome or"
        + " List<Outcome> (a batch cannot be a responder: every request needs its own reply)";
  }

  public static String batchOnly(String consumer, String method, String what) {
    return "WARREN-073 "
        + at(consumer, method)
        + what
        + " is only for batch consumers; set batchSize above 1, or use "
        + (what.contains("Delivery") ? "dev.warren.Delivery" : "dev.warren.Outcome");
  }

  public static String batchSingleDelivery(String consumer, String method) {
    return "WARREN-074 "
        + at(consumer, method)
        + "a batch consumer cannot take one dev.warren.Delivery; declare"
        + " java.util.List<dev.warren.Delivery> to receive the deliveries in the order of the"
        + " payloads";
  }

  public static String missing(String consumer, String method, String what, String vhost) {
    return "WARREN-016 "
        + at(consumer, method)
        + what
        + " does not exist in virtual host '"
        + vhost
        + "'; declare it on the broker or set 'warren.declare-topology=true' (or"
        + " 'warren.consumers."
        + consumer
        + ".declare-topology=true') to let Warren declare it";
  }

  /**
   * A declare or check the broker refused, different arguments (406) or a user without the
   * permission (403): one id and one wording for both.
   *
   * @param step what Warren did, e.g. {@code declaring queue 'orders'}
   */
  public static String declareRefused(
      String consumer, String method, String step, String reason, String fix) {
    return "WARREN-017 "
        + at(consumer, method)
        + "the broker refused "
        + step
        + ": "
        + reason
        + "; "
        + fix;
  }

  public static String checkFailed(String consumer, String method, String what, String why) {
    return "WARREN-018 "
        + at(consumer, method)
        + "checking "
        + what
        + " failed: "
        + why
        + "; check that the broker is reachable and the user may access it";
  }

  public static String quorumHalfPair(String consumer, String method, int maxAttempts, String dlq) {
    return "WARREN-021 "
        + at(consumer, method)
        + "quorum queue has maxAttempts="
        + maxAttempts
        + " and deadLetter='"
        + dlq
        + "', but a quorum queue needs both: a delivery limit without a dead-letter route"
        + " silently drops messages, and a route without a limit is never used; set both or"
        + " neither";
  }

  public static String quorumCapNeedsDeclare(
      String consumer, String method, String queue, int maxAttempts, String dlq) {
    return "WARREN-022 "
        + at(consumer, method)
        + "quorum queue '"
        + queue
        + "' has maxAttempts="
        + maxAttempts
        + " and deadLetter='"
        + dlq
        + "', which only the queue's own arguments can enforce; set"
        + " 'warren.declare-topology=true' (or 'warren.consumers."
        + consumer
        + ".declare-topology=true') or remove the pair";
  }

  public static String retryPublisherOnQuorum(String consumer, String method) {
    return "WARREN-023 "
        + at(consumer, method)
        + "@RetryPublisher is set on a quorum queue consumer, but a quorum queue publishes no"
        + " retry copies (the broker counts deliveries); remove retryPublisher";
  }

  public static String delayPluginMissing(String consumer, String method, String reason) {
    return "WARREN-026 "
        + at(consumer, method)
        + "delay=PLUGIN_DME needs the delayed-message plugin, but the broker does not know"
        + " exchange type 'x-delayed-message' ("
        + reason
        + "); enable the plugin rabbitmq_delayed_message_exchange on the broker, or use"
        + " delay=DLX_TTL";
  }

  public static String badArgument(String consumer, String method, String name, String why) {
    return "WARREN-024 " + at(consumer, method) + "queue argument '" + name + "' " + why;
  }

  public static String deliveryLimitRefused(
      String consumer,
      String method,
      String queue,
      String declared,
      String asked,
      String reason,
      String fix) {
    return "WARREN-206 "
        + at(consumer, method)
        + "quorum queue '"
        + queue
        + "' exists with another delivery limit than Warren declares for "
        + asked
        + " (x-delivery-limit="
        + declared
        + "): "
        + reason
        + "; the broker cannot change the arguments of an existing queue. Migrate the queue:"
        + " delete it and let Warren declare it again (move its messages elsewhere first, e.g."
        + " with a shovel)"
        + fix;
  }

  public static String quorumLimitUnseen(
      String consumer, String method, String queue, String version, String policy) {
    return "WARREN-207 "
        + at(consumer, method)
        + "Warren does not declare quorum queue '"
        + queue
        + "' (declare-topology=false) and cannot see its delivery limit, and RabbitMQ "
        + version
        + " gives a quorum queue without one a limit of 20: a message returned more often"
        + " (retry(), or retryAfter without a delay strategy) is dead-lettered, or dropped if the"
        + " queue has no dead-letter route. Without maxAttempts, retry() means no limit: set it on"
        + " the broker with a policy, "
        + policy
        + " (or a limit there with a dead-letter route), then set 'warren.consumers."
        + consumer
        + ".delivery-limit=policy' to say so; or set maxAttempts and deadLetter with"
        + " 'warren.consumers."
        + consumer
        + ".declare-topology=true'";
  }

  public static String brokerVersionUnknown(
      String consumer, String method, String queue, String version) {
    return "WARREN-208 "
        + at(consumer, method)
        + "the broker's version ('"
        + version
        + "') is not one Warren can read, so it cannot tell what quorum queue '"
        + queue
        + "' does without a delivery limit (RabbitMQ 4.x applies a limit of 20, 3.x none; and"
        + " x-delivery-limit=-1 means no limit on 4.x but dead-letters on the first return on"
        + " 3.x); Warren declares no limit, so the broker's default applies; set 'warren.consumers."
        + consumer
        + ".delivery-limit' to a number (the same on every version), or to 'policy' with a"
        + " limit set by a policy on the broker";
  }

  public static String limitWithoutRoute(String consumer, String method, String queue, long limit) {
    return "WARREN-209 "
        + at(consumer, method)
        + "quorum queue '"
        + queue
        + "' gets delivery limit "
        + limit
        + " and no dead-letter route: the broker drops a message returned more than "
        + limit
        + " times; add @Argument x-dead-letter-exchange (and x-dead-letter-routing-key) to keep"
        + " it, or use maxAttempts with deadLetter";
  }

  public static String noJsonb(String consumers, String why) {
    return "WARREN-019 consumers "
        + consumers
        + " need a payload codec, but no JSON-B implementation is available ("
        + why
        + "); add one (for example org.eclipse:yasson) or a CDI bean implementing"
        + " dev.warren.spi.Codec";
  }

  public static String ambiguousCodec(String beans) {
    return "WARREN-020 more than one CDI bean implements dev.warren.spi.Codec ("
        + beans
        + "); keep one, or veto the others";
  }

  // ---- typed delivery metadata and @Header parameters ----

  public static String headerType(String header, String actual, String wanted) {
    return "WARREN-210 header '"
        + header
        + "' is a "
        + actual
        + ", not a "
        + wanted
        + "; read it as "
        + actual
        + " (or Object), or have the sender write a "
        + wanted;
  }

  public static String headerParameterType(
      String consumer, String method, String header, String type) {
    return "WARREN-211 "
        + at(consumer, method)
        + "the @Header(\""
        + header
        + "\") parameter has type '"
        + type
        + "', which Warren cannot give a header as; use String, Integer, Long, Short, Byte,"
        + " Boolean, Double, Float, BigDecimal, byte[], Date, Instant, List<Object>,"
        + " Map<String, Object>, Object, a primitive, or Optional<...> of one of them";
  }

  public static String headerOnBatch(String consumer, String method, String header) {
    return "WARREN-212 "
        + at(consumer, method)
        + "a batch consumer cannot take @Header(\""
        + header
        + "\"): its deliveries have headers each; take List<Delivery> and read"
        + " Delivery.header(name, type) of each";
  }

  public static String headerBlankName(String consumer, String method) {
    return "WARREN-213 "
        + at(consumer, method)
        + "a @Header parameter has a blank name; name the header, e.g. @Header(\"tenant\")";
  }

  // ---- the test kit (dev.warren:warren-test) ----

  public static String kitNoAnswer(String exchange, String routingKey) {
    return "WARREN-214 test kit: nobody answers requests to exchange '"
        + exchange
        + "' with routing key '"
        + routingKey
        + "'; register an answer with kit.answer(\""
        + exchange
        + "\", \""
        + routingKey
        + "\", request -> reply) before the delivery";
  }

  public static String kitNoConsumer(String consumer, String known) {
    return "WARREN-215 test kit: there is no consumer '"
        + consumer
        + "' among the booted beans (consumers: "
        + known
        + "); add its bean class to the kit, or use the consumer's name (@RabbitConsumer(name),"
        + " else its queue)";
  }

  public static String kitBatchConsumer(String consumer, String method) {
    return "WARREN-216 test kit: "
        + at(consumer, method)
        + "is a batch consumer; hand it a batch with kit.deliverBatch(\""
        + consumer
        + "\", messages)";
  }

  public static String kitNotBatch(String consumer, String method) {
    return "WARREN-217 test kit: "
        + at(consumer, method)
        + "is not a batch consumer; hand it one message with kit.deliver(\""
        + consumer
        + "\", message)";
  }

  public static String kitBatchWithBroker(String consumer) {
    return "WARREN-218 test kit: batches of consumer '"
        + consumer
        + "' are delivered without the broker only; with the broker, publish the messages to its"
        + " queue and look at the broker";
  }

  // ---- runtime (logged) ----

  public static String decodeFailed(String consumer, String queue, long tag, String why) {
    return "WARREN-030 consumer '"
        + consumer
        + "': delivery "
        + tag
        + " from queue '"
        + queue
        + "' could not be decoded ("
        + why
        + "); it was dropped without reaching the handler";
  }

  public static String alreadySettled(String consumer, long tag, String first, String second) {
    return "WARREN-031 consumer '"
        + consumer
        + "': delivery "
        + tag
        + " was already settled ("
        + first
        + "); the second settlement ("
        + second
        + ") was ignored";
  }

  /**
   * @param suppressed how many lines like it were held back since the last one (one line a minute
   *     per consumer: a recovered connection can leave thousands of deliveries in flight)
   */
  public static String channelGone(String consumer, long tag, String action, long suppressed) {
    return "WARREN-032 consumer '"
        + consumer
        + "': the channel of delivery "
        + tag
        + " closed before it could be settled ("
        + action
        + "); the broker will deliver it again"
        + (suppressed > 0
            ? " (and " + suppressed + " more deliveries like it since the last such line)"
            : "")
        + "; logged at most once a minute per consumer";
  }

  public static String settleFailed(String consumer, long tag, String action, String why) {
    return "WARREN-033 consumer '"
        + consumer
        + "': sending "
        + action
        + " for delivery "
        + tag
        + " failed ("
        + why
        + "); the broker will deliver it again";
  }

  public static String fatalError(String consumer, String method, String error) {
    return "WARREN-034 consumer '"
        + consumer
        + "' ("
        + method
        + ") threw "
        + error
        + "; the consumer is stopped and its unsettled deliveries go back to the queue;"
        + " fix the cause and redeploy";
  }

  /** What to do about a step that failed on the way to a settlement (the next two messages). */
  private static final String STEP_ADVICE =
      "If the stack trace ends in the application's code (an OpenTelemetry SpanProcessor, a"
          + " Codec, a FailureMapper), fix that code; otherwise report it as a Warren bug with this"
          + " stack trace; logged at most once a minute per consumer";

  public static String stepFailedRequeued(
      String consumer, String method, String step, String failure, String deliveries) {
    return "WARREN-137 consumer '"
        + consumer
        + "' ("
        + method
        + "): "
        + step
        + " failed with "
        + failure
        + "; "
        + deliveries
        + " went back to the queue unchanged (basic.reject requeue=true) and will be delivered"
        + " again; the consumer goes on. "
        + STEP_ADVICE;
  }

  public static String stepFailedAfterSettling(
      String consumer, String method, String step, String failure, String deliveries) {
    return "WARREN-138 consumer '"
        + consumer
        + "' ("
        + method
        + "): "
        + step
        + " failed with "
        + failure
        + "; "
        + deliveries
        + " is settled all the same (its frame was sent, or is sent regardless of this step, or"
        + " its channel had closed and the broker delivers it again): nothing is redone and the"
        + " consumer goes on. "
        + STEP_ADVICE;
  }

  public static String delayDiscarded(String consumer, String queue, Duration delay) {
    return "WARREN-035 consumer '"
        + consumer
        + "' returned retryAfter("
        + delay
        + ") on quorum queue '"
        + queue
        + "', which has no delay strategy: the delay was discarded and the delivery requeued at"
        + " once; set delay=DLX_TTL or PLUGIN_DME to wait on the broker (logged at most once a"
        + " minute per consumer)";
  }

  public static String delayTooLong(
      String consumer, String method, Duration delay, String strategy, Duration max) {
    return "WARREN-135 "
        + at(consumer, method)
        + "returned retryAfter("
        + delay
        + "), but delay="
        + strategy
        + " holds at most "
        + max
        + " ("
        + max.toMillis()
        + " ms); the outcome was refused and handled as the method's failure (an"
        + " IllegalArgumentException: its FailureMapper, else the default outcome); return a"
        + " shorter delay"
        + (strategy.equals("PLUGIN_DME") ? ", or use delay=DLX_TTL (up to 10 years)" : "");
  }

  public static String tierTooLong(
      String consumer, String method, Duration tier, String strategy, Duration max) {
    return "WARREN-136 "
        + at(consumer, method)
        + "delay tier "
        + tier
        + " is longer than delay="
        + strategy
        + " holds ("
        + max
        + "); a retryAfter that long is refused when returned; remove or shorten the tier";
  }

  public static String delayPastConsumerTimeout(
      String consumer, Duration delay, Duration consumerTimeout) {
    return "WARREN-048 consumer '"
        + consumer
        + "' holds a delivery unacked for retryAfter("
        + delay
        + ") in the service, but the broker closes a channel whose oldest delivery stays unacked"
        + " past its consumer_timeout ("
        + consumerTimeout
        + " as 'warren.broker.consumer-timeout' declares it); use delay=DLX_TTL or PLUGIN_DME for"
        + " long delays (logged at most once a minute per consumer)";
  }

  public static String handlerOverran(
      String consumer, String method, String what, Duration timeout, String key) {
    return "WARREN-119 consumer '"
        + consumer
        + "' ("
        + method
        + ") still ran for "
        + what
        + " when its handler-timeout ("
        + timeout
        + ") ran out; it is settled as retry() now (one attempt, so a cap and its dead letter"
        + " queue apply) and the handler is interrupted; whatever it returns or throws later is"
        + " ignored; make the handler return sooner, or raise '"
        + key
        + "' (keep it below the broker's consumer_timeout, 'warren.broker.consumer-timeout')";
  }

  public static String lateResultIgnored(String consumer, String method, String result) {
    return "WARREN-120 consumer '"
        + consumer
        + "' ("
        + method
        + ") ended "
        + result
        + " after its handler-timeout had settled its delivery as retry(); this late result is"
        + " ignored";
  }

  public static String redeliveryHeldBack(String consumer, String method, long tag) {
    return "WARREN-121 consumer '"
        + consumer
        + "' ("
        + method
        + "): delivery "
        + tag
        + " is the same message as one whose call overran its handler-timeout and still runs;"
        + " it is not started on another worker until that call ends (else the message would run"
        + " twice at once)";
  }

  public static String redeliveryRetriedUnrun(
      String consumer, String method, long tag, Duration timeout) {
    return "WARREN-122 consumer '"
        + consumer
        + "' ("
        + method
        + "): delivery "
        + tag
        + " waited a whole handler-timeout ("
        + timeout
        + ") for an earlier call of the same message, which still runs; it is settled as retry()"
        + " without running (one more attempt); a handler that never returns needs fixing";
  }

  public static String heldPastConsumerTimeout(
      String consumer,
      String method,
      String key,
      Duration timeout,
      long calls,
      int prefetch,
      int concurrency,
      Duration consumerTimeout) {
    String start = "WARREN-123 consumer '" + consumer + "' (" + method + ")";
    String broker =
        " the broker's consumer_timeout ("
            + consumerTimeout
            + ", 'warren.broker.consumer-timeout')";
    if (timeout.compareTo(consumerTimeout) >= 0) {
      return start
          + ": '"
          + key
          + "' ("
          + timeout
          + ") is not shorter than"
          + broker
          + ": a handler that overruns has its channel closed by the broker (406) before Warren"
          + " settles it, and all the channel's deliveries come again; set the handler-timeout"
          + " well below the consumer_timeout (the broker checks it only once a minute by default)";
    }
    return start
        + " can hold a delivery unacked for up to "
        + timeout.multipliedBy(calls)
        + ": with prefetch "
        + prefetch
        + " and concurrency "
        + concurrency
        + " a delivery can wait behind others that each take up to the handler-timeout ("
        + timeout
        + ", '"
        + key
        + "') before its own call, and"
        + broker
        + " counts from when it sent the delivery; lower prefetch (the broker sends no more than"
        + " it), raise concurrency, or lower the handler-timeout";
  }

  public static String handlerFailed(String consumer, String method, String error, String outcome) {
    return "WARREN-036 consumer '"
        + consumer
        + "' ("
        + method
        + ") failed with "
        + error
        + "; outcome: "
        + outcome
        + " (a dev.warren.spi.FailureMapper bean for the exception type can choose another)";
  }

  public static String mapperFailed(String mapper, String error) {
    return "WARREN-037 FailureMapper '"
        + mapper
        + "' itself threw "
        + error
        + "; the default mapping was used instead";
  }

  public static String shutdownTimedOut(
      String consumer, String method, String queue, int running, Duration timeout) {
    return "WARREN-038 consumer '"
        + consumer
        + "' ("
        + method
        + "): "
        + running
        + (running == 1 ? " handler was" : " handlers were")
        + " still running when 'warren.shutdown-timeout' ("
        + timeout
        + ") ran out; they are interrupted, and whatever they return or throw now is ignored:"
        + " their deliveries were neither acked nor rejected, so closing the channel returns them"
        + " to queue '"
        + queue
        + "' and the broker delivers them again; raise 'warren.shutdown-timeout' or let the"
        + " handler finish sooner";
  }

  public static String handedBackAtShutdown(
      String consumer, String queue, int notStarted, int delayed, int settling, boolean quorum) {
    List<String> parts = new ArrayList<>();
    if (notStarted > 0) {
      parts.add(notStarted + " not started yet");
    }
    if (delayed > 0) {
      parts.add(delayed + " held for a retryAfter due after 'warren.shutdown-timeout'");
    }
    if (settling > 0) {
      parts.add(settling + " whose settlement was not complete");
    }
    return "WARREN-118 consumer '"
        + consumer
        + "' shut down with deliveries it had received but not settled: "
        + String.join(", ", parts)
        + "; none was acked or rejected, closing the channel returns them to queue '"
        + queue
        + "' and the broker delivers them again"
        + (quorum ? " (the quorum queue counts each as one more delivery)" : "")
        + "; nothing to fix";
  }

  /**
   * @param declares whether the consumer owns its topology (declare-topology on) and declares it
   *     again before each attempt
   */
  public static String cancelledByBroker(
      String consumer, String queue, Duration first, Duration most, boolean declares) {
    return "WARREN-039 consumer '"
        + consumer
        + "': the broker cancelled the subscription to queue '"
        + queue
        + "' (was the queue deleted?); the consumer subscribes again by itself, first in "
        + first
        + ", then at growing pauses up to "
        + most
        + (declares
            ? ", declaring queue '"
                + queue
                + "' and the rest of its topology before each attempt (declare-topology is on)"
            : ", until the queue exists again");
  }

  public static String redeclareFailed(
      String consumer, String method, String after, String problems) {
    return "WARREN-111 "
        + at(consumer, method)
        + "declaring its topology again after "
        + after
        + " failed: "
        + problems
        + "; the consumer subscribes to what the broker has, if anything (it waits while its queue"
        + " is missing): fix what the problem names, or declare the topology on the broker and set"
        + " 'warren.consumers."
        + consumer
        + ".declare-topology=false'";
  }

  public static String subscribedAgain(String consumer, String queue) {
    return "WARREN-110 consumer '"
        + consumer
        + "' consumes queue '"
        + queue
        + "' again after the broker had cancelled its subscription";
  }

  public static String startFailed(String consumer, String why) {
    return "WARREN-040 consumer '" + consumer + "' could not start consuming: " + why;
  }

  public static String stopFailed(String what, String why) {
    return "WARREN-041 closing " + what + " failed during shutdown: " + why;
  }

  /**
   * Shutdown stopped waiting for the broker's answer to {@code count} calls of {@code what} (a
   * broker that does not answer: an alarm-blocked connection, a half-open TCP connection).
   */
  public static String shutdownCallsUnanswered(String what, int count, Duration timeout) {
    return "WARREN-260 the broker did not answer "
        + count
        + " "
        + what
        + (count == 1 ? " call" : " calls")
        + " during shutdown in time ('warren.shutdown-timeout' is "
        + timeout
        + ", closing may take 5 s more); Warren stopped waiting and closes its connections without"
        + " the broker's answer: deliveries still unacked go back to their queues as the broker"
        + " sees the connection close. Check the broker for a memory or disk alarm (rabbitmqctl"
        + " status) or a network problem between the service and the broker";
  }

  public static String genericMapper(String mapper) {
    return "WARREN-042 FailureMapper bean '"
        + mapper
        + "' does not name a concrete exception type (FailureMapper<E> with E a class); it is"
        + " ignored";
  }

  // ---- batch consumers and responders (logged) ----

  public static String batchLengthMismatch(
      String consumer, String method, int outcomes, int deliveries) {
    return "WARREN-075 consumer '"
        + consumer
        + "' ("
        + method
        + ") returned "
        + outcomes
        + " outcomes for a batch of "
        + deliveries
        + "; element i was settled with outcome i"
        + (outcomes < deliveries
            ? " and the " + (deliveries - outcomes) + " without an outcome were retried"
            : " and the extra outcomes were ignored")
        + "; return exactly one outcome per element";
  }

  public static String noReplyTo(String consumer, String queue, long tag) {
    return "WARREN-076 consumer '"
        + consumer
        + "': delivery "
        + tag
        + " from queue '"
        + queue
        + "' has no reply_to, so the responder's reply was not sent; the request was acked"
        + " (requests need the reply_to property, e.g. from dev.warren.Requester; logged at most"
        + " once a minute per consumer)";
  }

  public static String replyFailed(String consumer, long tag, String replyTo, String why) {
    return "WARREN-077 consumer '"
        + consumer
        + "': publishing the reply to '"
        + replyTo
        + "' for delivery "
        + tag
        + " failed ("
        + why
        + "); the request was not acked and is retried (logged at most once a minute per"
        + " consumer)";
  }

  public static String capWithoutDeadLetter(String consumer, String method, int maxAttempts) {
    return "WARREN-045 "
        + at(consumer, method)
        + "maxAttempts="
        + maxAttempts
        + " without deadLetter: a message at the cap is dropped (basic.reject requeue=false)"
        + " and kept nowhere; set deadLetter to keep such messages";
  }

  public static String capWithQueueDeadLetterExchange(String consumer, String method) {
    return "WARREN-046 "
        + at(consumer, method)
        + "the classic queue has its own dead-letter exchange and maxAttempts: every retry"
        + " rejects the original after publishing its copy, so every attempt also lands in the"
        + " queue's dead-letter exchange; remove one of them";
  }

  public static String deadLetterWithoutCap(String consumer, String method, String dlq) {
    return "WARREN-047 "
        + at(consumer, method)
        + "deadLetter='"
        + dlq
        + "' without maxAttempts is never used; set maxAttempts";
  }

  public static String channelClosedByBroker(String consumer, String reason, Duration pause) {
    return "WARREN-061 consumer '"
        + consumer
        + "': the broker closed its channel ("
        + reason
        + "); its unsettled deliveries go back to the queue, and the consumer reopens its channel"
        + " in "
        + pause
        + "; if this repeats, fix what the broker names (logged at most once a minute per"
        + " consumer)";
  }

  public static String channelClosedAtConsumerTimeout(
      String consumer, String method, String reason, Duration pause, String handlerTimeoutKey) {
    return "WARREN-124 consumer '"
        + consumer
        + "' ("
        + method
        + "): the broker closed its channel at its consumer_timeout ("
        + reason
        + "): a delivery stayed unacked longer than that, in a slow call of the method or waiting"
        + " behind slow calls in the prefetch; its unsettled deliveries go back to the queue and"
        + " the consumer reopens its channel in "
        + pause
        + "; set '"
        + handlerTimeoutKey
        + "' below the broker's consumer_timeout ('warren.broker.consumer-timeout') so that Warren"
        + " retries an overrunning delivery first, or lower prefetch";
  }

  public static String copyFailed(
      String consumer, long tag, String copy, String why, int inARow, Duration pause) {
    return "WARREN-060 consumer '"
        + consumer
        + "': the "
        + copy
        + " for delivery "
        + tag
        + " failed ("
        + why
        + "); "
        + inARow
        + (inARow == 1 ? " failed copy" : " failed copies")
        + " in a row: the original goes back to its queue unchanged (basic.reject requeue=true)"
        + " after a pause of "
        + pause.toMillis()
        + " ms (doubling with each failure in a row, up to 30 s), so that it does not loop;"
        + " nothing is lost. Fix the copy's route (e.g. declare the dead letter queue or the"
        + " retry exchange again); logged at most once a minute per consumer";
  }

  /**
   * INFO: the delay of a held delivery ended after its channel had closed (its connection
   * recovered): the broker has delivered it again, so no copy is published and nothing failed.
   */
  public static String heldChannelGone(String consumer, long tag, String copy, long suppressed) {
    return "WARREN-270 consumer '"
        + consumer
        + "': the in-process delay of delivery "
        + tag
        + " ended after its channel had closed (its connection recovered or the channel was"
        + " replaced): the "
        + copy
        + " is not published, the broker delivers the original again (it counts as a retry"
        + " without its delay)"
        + (suppressed > 0 ? " (and " + suppressed + " more like it since the last such line)" : "")
        + "; logged at most once a minute per consumer";
  }

  /**
   * ERROR: a copy failed {@code inARow} times in a row for the same message and is given up.
   *
   * @param deadLettered where the message went instead, or {@code null} when it keeps going back to
   *     its queue (no dead letter queue, or the dead-letter copy itself failed)
   */
  public static String copyGivenUp(
      String consumer,
      String queue,
      String copy,
      int inARow,
      String why,
      String deadLettered,
      long suppressed) {
    return "WARREN-271 consumer '"
        + consumer
        + "' (queue '"
        + queue
        + "'): the "
        + copy
        + " failed "
        + inARow
        + " times in a row for the same message (last: "
        + why
        + "): "
        + (deadLettered == null
            ? "it keeps going back to its queue unchanged, at most once every 30 s, and nothing is"
                + " lost, but it is not retried as it should be"
            : "the message goes to the dead letter queue '"
                + deadLettered
                + "' instead, with header x-warren-death-reason=copy-failed (move it back once"
                + " the route is fixed)")
        + "; readiness is DOWN (consumer."
        + consumer
        + ".copies-failing) until a copy to that target is confirmed again. Fix the copy's"
        + " route: declare its exchange or queue again (or the binding of its routing key), or"
        + " correct the consumer's retryPublisher, delayTarget or deadLetter setting"
        + (suppressed > 0 ? " (and " + suppressed + " more given up since the last such line)" : "")
        + "; logged at most once a minute per consumer";
  }

  // ---- publishing ----

  private static String message(String exchange, String routingKey) {
    return "message to exchange '" + exchange + "' with routing key '" + routingKey + "'";
  }

  public static String nacked(String exchange, String routingKey) {
    return "WARREN-050 the broker refused responsibility for the "
        + message(exchange, routingKey)
        + " (basic.nack); it was not queued, and publishing it again is safe";
  }

  public static String unroutable(String exchange, String routingKey) {
    return "WARREN-051 the "
        + message(exchange, routingKey)
        + " was returned as unroutable: no queue is bound for it; bind a queue, or publish"
        + " with mandatory=false if losing it is acceptable";
  }

  public static String confirmTimedOut(String exchange, String routingKey, Duration timeout) {
    return "WARREN-052 the broker did not confirm the "
        + message(exchange, routingKey)
        + " within 'warren.publisher.confirm-timeout' ("
        + timeout
        + "); it may or may not be queued";
  }

  public static String outcomeUnknown(String exchange, String routingKey, Throwable cause) {
    return "WARREN-053 the channel closed before the broker confirmed the "
        + message(exchange, routingKey)
        + (cause == null ? "" : " (" + cause.getMessage() + ")")
        + "; outcome unknown: it may or may not be queued";
  }

  public static String notSent(String exchange, String routingKey, String why) {
    return "WARREN-054 the " + message(exchange, routingKey) + " was not sent: " + why;
  }

  public static String refusedByClient(String exchange, String routingKey, String cause) {
    return "WARREN-142 the "
        + message(exchange, routingKey)
        + " was not sent: the RabbitMQ client refused to encode it ("
        + cause
        + "). A message id, correlation id, content type, content encoding, type, user id, app id,"
        + " reply-to or header name holds at most 255 bytes, and the properties must fit in one"
        + " frame; shorten what is too long. Messages unconfirmed on the same channel fail as"
        + " OUTCOME_UNKNOWN (the channel is replaced: the client had counted this one)";
  }

  public static String nullHeader(String name) {
    return "WARREN-139 header '"
        + name
        + "' of an OutgoingMessage has no value (null); leave the header out, or give it a value";
  }

  public static String messageWithoutPayload(String exchange, String routingKey) {
    return "WARREN-140 the "
        + message(exchange, routingKey)
        + " has no payload (null); give it a body (an empty byte[] for none)";
  }

  public static String priorityOutOfRange(int priority) {
    return "WARREN-141 priority "
        + priority
        + " is out of range; a message priority is from 0 to 255 (a priority queue uses at most"
        + " its x-max-priority)";
  }

  public static String expirationOutOfRange(Duration expiration, Duration longest) {
    return "WARREN-220 expiration "
        + expiration
        + " is out of range; a per-message TTL is from 0 to "
        + longest.toMillis()
        + " ms ("
        + longest.toDays()
        + " days): RabbitMQ refuses a longer one with 406 PRECONDITION_FAILED and closes the"
        + " publishing channel, failing the messages unconfirmed on it. Give a shorter expiration,"
        + " or none for messages that never expire";
  }

  // ---- request/reply ----

  private static String request(String exchange, String routingKey) {
    return "request to exchange '" + exchange + "' with routing key '" + routingKey + "'";
  }

  public static String requestTimedOut(String exchange, String routingKey, Duration timeout) {
    return "WARREN-078 no reply to the "
        + request(exchange, routingKey)
        + " arrived within "
        + timeout
        + "; it may or may not have been handled (is a responder consuming?); a late reply is"
        + " ignored";
  }

  public static String requestUnroutable(String exchange, String routingKey) {
    return "WARREN-079 the "
        + request(exchange, routingKey)
        + " was returned as unroutable: no queue is bound for it; check the exchange and routing"
        + " key, or declare the responder's queue";
  }

  public static String requestChannelClosed(String exchange, String routingKey, String cause) {
    return "WARREN-080 the request channel closed while the "
        + request(exchange, routingKey)
        + " waited for its reply ("
        + cause
        + "); it may or may not have been handled; the next request opens a new channel";
  }

  public static String requestNotSent(String exchange, String routingKey, String why) {
    return "WARREN-081 the " + request(exchange, routingKey) + " was not sent: " + why;
  }

  public static String replyUndecodable(
      String exchange, String routingKey, String type, String why) {
    return "WARREN-082 the reply to the "
        + request(exchange, routingKey)
        + " could not be decoded into '"
        + type
        + "' ("
        + why
        + "); ask for byte[] or String to see it as it is";
  }

  // ---- EE servers and the RabbitMQ client ----

  public static String managedThreadFactoryMissing(String name, String why) {
    return "WARREN-200 'warren.managed-thread-factory' names '"
        + name
        + "', which is no ManagedThreadFactory ("
        + why
        + "); name the JNDI entry of a managed thread factory, remove the key to use the"
        + " server's default, or set it to 'none' for plain threads";
  }

  public static String plainThreads(String name, String why) {
    return "WARREN-201 Warren runs consumers on plain threads without the application's EE"
        + " context: no ManagedThreadFactory at '"
        + name
        + "' ("
        + why
        + "); handlers cannot look up java:comp names; set 'warren.managed-thread-factory' to"
        + " the JNDI name of one";
  }

  public static String threadsChosen(String description) {
    return "WARREN-202 Warren's consumers, completions and RabbitMQ client run on " + description;
  }

  public static String clientConnectionFailed(String connection, String error) {
    return "WARREN-203 the RabbitMQ client's connection '"
        + connection
        + "' failed unexpectedly ("
        + error
        + "); automatic recovery reconnects it";
  }

  public static String unreadableHeaders(String connection, int channel, String why) {
    return "WARREN-250 connection '"
        + connection
        + "' received a message on channel "
        + channel
        + " that the RabbitMQ Java client cannot read ("
        + why
        + "; the broker accepts it): Warren took its header table off before the client read it,"
        + " so that the connection and its other consumers go on. A consumer drops the message as"
        + " a decode failure (to its queue's dead-letter exchange, if any, with its"
        + " headers unchanged); a reply fails its request. Find its publisher: the headers come"
        + " from there (logged at most once a minute per connection)";
  }

  public static String frameUnreadable(
      String connection, String onIt, String error, Duration stable) {
    return "WARREN-125 the RabbitMQ client closed connection '"
        + connection
        + "' ("
        + onIt
        + ") because it could not read a frame the broker sent ("
        + error
        + "); automatic recovery reconnects it at once. If a message the Java client cannot read"
        + " (one Warren's frame guard does not catch: it catches header tables the client cannot"
        + " read) is first in a queue of the connection, the next delivery closes it again: an"
        + " error says so when it closes"
        + " again within "
        + stable
        + " of reconnecting";
  }

  public static String unreadableMessageLoop(
      String connection,
      List<String> consumers,
      List<String> queues,
      String error,
      Duration pause,
      Duration most,
      boolean isolated) {
    String named = "'" + String.join("', '", queues) + "'";
    String queue = queues.size() == 1 ? "queue " + named : "one of the queues " + named;
    return "WARREN-126 connection '"
        + connection
        + "' loops on a message the RabbitMQ Java client cannot read: it closed twice in a row"
        + " ("
        + error
        + "), each time soon after it reconnected; "
        + (consumers.isEmpty()
            ? "no consumer is on it: the frame is a returned message or a reply; "
            : (consumers.size() == 1 ? "consumer '" : "consumers '")
                + String.join("', '", consumers)
                + (consumers.size() == 1 ? "' on it receives" : "' on it receive")
                + " nothing until the message is gone. The message (one the broker"
                + " accepts and Warren's frame guard does not catch) stays first in "
                + queue
                + ": nothing is acked or lost, and each reconnect delivers it again. ")
        + "The client now waits "
        + pause
        + " before reconnecting, doubling up to "
        + most
        + ". Remove or move the message with a tool that is not the Java client: the management"
        + " UI's 'Get messages' on the queue with Ack mode 'Reject requeue false' (it goes to the"
        + " queue's dead-letter exchange, if any), or 'rabbitmqctl purge_queue' if the queue's"
        + " other messages may go too"
        + (isolated
            ? ""
            : "; set 'warren.connections=per-consumer' so that such a message stops only its own"
                + " consumer")
        + " (logged once per loop)";
  }

  public static String unreadableLoopEnded(
      String connection, String onIt, int closes, Duration stable, Duration interval) {
    return "WARREN-127 connection '"
        + connection
        + "' ("
        + onIt
        + ") stayed up for "
        + stable
        + " after "
        + closes
        + " closes in a row for a message the client could not read: the message is gone and"
        + " the consumers receive again; recovery waits "
        + interval
        + " between attempts again";
  }

  public static String clientRecoveryFailed(String what, String error) {
    return "WARREN-204 the RabbitMQ client could not recover "
        + what
        + " ("
        + error
        + "); it tries again (logged at most once a minute); check that the broker is up and"
        + " reachable";
  }

  public static String clientCallbackFailed(String callback, String channel, String error) {
    return "WARREN-205 a "
        + callback
        + " on channel "
        + channel
        + " threw "
        + error
        + "; the RabbitMQ client closes that channel (a Warren defect: please report it)";
  }

  public static String clientInternalsMissing(String clientVersion, String missing) {
    return "WARREN-230 the RabbitMQ client on the class path (amqp-client "
        + clientVersion
        + ") has no "
        + missing
        + ", which Warren's inline consumer dispatch reads to take the client's blocks of"
        + " callbacks itself; consumer callbacks still run, through the client's own runnable, at"
        + " the cost of one list of about 1 KB per consumed message, and on a connection the"
        + " application can reach every callback runs on Warren's pool; use the amqp-client"
        + " version Warren was built and tested with, or report the version you need";
  }

  public static String dispatchCallbackFailed(String channel, String thread, String error) {
    return "WARREN-231 a RabbitMQ client callback for "
        + channel
        + " threw "
        + error
        + " on thread '"
        + thread
        + "' past the client's exception handler; the channel's later callbacks and deliveries"
        + " still run and the thread is not interrupted (the client's exception handler has"
        + " logged it and closed the channel if the callback was a consumer's or a listener's);"
        + " a Warren or client defect: please report it";
  }

  public static String dispatchPoolFailed(String thread, String error) {
    return "WARREN-232 the RabbitMQ client's consumer work pool threw "
        + error
        + " on thread '"
        + thread
        + "' while Warren's inline dispatch took or finished a block of callbacks; the thread is"
        + " not interrupted (an interrupted connection thread would drop every later delivery"
        + " silently); if deliveries stop on a channel, restart the application and report it";
  }

  public static String dispatchInterruptCleared(String thread) {
    return "WARREN-233 the RabbitMQ client's consumer work interrupted thread '"
        + thread
        + "' after a callback failed (the client's exception handler reported it); Warren"
        + " cleared the interruption, since an interrupted connection thread makes the client"
        + " drop every later delivery on the connection silently";
  }

  // ---- the AsyncAPI endpoint (logged) ----

  public static String asyncApiNotServed(String why) {
    return "WARREN-090 Warren does not serve its AsyncAPI document and page in this web"
        + " application: "
        + why
        + "; fix the 'warren.asyncapi.*' settings, or set 'warren.asyncapi.enabled=false' to"
        + " turn the endpoint off";
  }

  public static String asyncApiUnavailable(String path, String why) {
    return "WARREN-091 the AsyncAPI endpoint '"
        + path
        + "' cannot reach Warren's document: "
        + why
        + "; Warren's CDI extension must run in this application (CDI enabled, Warren's jar in"
        + " the application), or set 'warren.asyncapi.enabled=false'";
  }

  // ---- telemetry and health (logged) ----

  public static String telemetryUnavailable(String error) {
    return "WARREN-180 Warren found the OpenTelemetry API but cannot use it ("
        + error
        + "); it runs without traces and metrics. Use OpenTelemetry API 1.40 or later, or set"
        + " 'warren.telemetry.enabled=false' to silence this";
  }

  public static String ambiguousOpenTelemetry(String beans) {
    return "WARREN-181 more than one CDI bean of type 'io.opentelemetry.api.OpenTelemetry' ("
        + beans
        + "); Warren's traces and metrics use GlobalOpenTelemetry instead. Keep one such bean, or"
        + " set 'warren.telemetry.enabled=false'";
  }
}
