package dev.warren.internal.telemetry.otel;

import io.opentelemetry.api.common.AttributeKey;
import java.util.List;

/** The attribute keys and instrument names Warren reports, in one place. */
final class Names {

  private Names() {}

  /** The instrumentation scope of Warren's tracer and meter. */
  static final String SCOPE = "dev.warren";

  static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("messaging.system");
  static final String RABBITMQ = "rabbitmq";
  static final AttributeKey<String> OPERATION_TYPE =
      AttributeKey.stringKey("messaging.operation.type");
  static final AttributeKey<String> OPERATION_NAME =
      AttributeKey.stringKey("messaging.operation.name");
  static final AttributeKey<String> DESTINATION =
      AttributeKey.stringKey("messaging.destination.name");
  static final AttributeKey<Boolean> DESTINATION_TEMPORARY =
      AttributeKey.booleanKey("messaging.destination.temporary");
  static final AttributeKey<String> ROUTING_KEY =
      AttributeKey.stringKey("messaging.rabbitmq.destination.routing_key");
  static final AttributeKey<Long> DELIVERY_TAG =
      AttributeKey.longKey("messaging.rabbitmq.message.delivery_tag");
  static final AttributeKey<String> MESSAGE_ID = AttributeKey.stringKey("messaging.message.id");
  static final AttributeKey<String> CONVERSATION_ID =
      AttributeKey.stringKey("messaging.message.conversation_id");
  static final AttributeKey<Long> BODY_SIZE = AttributeKey.longKey("messaging.message.body.size");
  static final AttributeKey<Long> BATCH_COUNT =
      AttributeKey.longKey("messaging.batch.message_count");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

  static final AttributeKey<String> CONSUMER = AttributeKey.stringKey("warren.consumer");
  static final AttributeKey<String> QUEUE = AttributeKey.stringKey("warren.queue");
  static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("warren.outcome");
  static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("warren.attempt");
  static final AttributeKey<String> SETTLEMENT = AttributeKey.stringKey("warren.settlement");
  static final AttributeKey<String> SEND_KIND = AttributeKey.stringKey("warren.send.kind");
  static final AttributeKey<String> RESULT = AttributeKey.stringKey("warren.publish.result");

  static final String CONSUMED = "messaging.client.consumed.messages";
  static final String PROCESS_DURATION = "messaging.process.duration";
  static final String SENT = "messaging.client.sent.messages";
  static final String OPERATION_DURATION = "messaging.client.operation.duration";
  static final String RETRIES = "warren.consumer.retries";
  static final String DEAD_LETTERS = "warren.consumer.dead_letters";
  static final String HELD = "warren.consumer.held";
  static final String UNCONFIRMED = "warren.publisher.unconfirmed";
  static final String RECOVERIES = "warren.connection.recoveries";
  static final String OUTBOX_PENDING = "warren.outbox.pending";
  static final String OUTBOX_OLDEST_AGE = "warren.outbox.oldest_age";
  static final String OUTBOX_FAILING = "warren.outbox.failing";
  static final AttributeKey<String> OUTBOX_TABLE = AttributeKey.stringKey("warren.outbox.table");
  static final String PARTITION_READY = "warren.partition.ready";
  static final String PARTITION_ACTIVE = "warren.partition.active";
  static final String DEAD_LETTER_READY = "warren.dead-letter.ready";

  /** The semantic conventions' advice for messaging durations, in seconds. */
  static final List<Double> DURATION_BUCKETS =
      List.of(0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0);
}
