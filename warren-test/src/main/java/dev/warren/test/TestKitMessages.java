package dev.warren.test;

import dev.warren.internal.logging.Message;
import dev.warren.internal.logging.Message.Level;

/**
 * The test kit's messages, area {@link dev.warren.internal.logging.MessageArea#TEST_KIT}: they live
 * here, with the kit, and {@code TestKitMessagesTest} checks them and their rows of {@code
 * docs/messages.md}.
 */
final class TestKitMessages {

  private TestKitMessages() {}

  public static final Message KIT_NO_ANSWER =
      new Message(
          214,
          Level.THROWN,
          "test kit: nobody answers requests to exchange '{exchange}' with routing "
              + "key '{routingKey}'; |register an answer with kit.answer(\"{exchange}\", "
              + "\"{routingKey}\", request -> reply) before the delivery");

  static String kitNoAnswer(String exchange, String routingKey) {
    return KIT_NO_ANSWER.text(exchange, routingKey);
  }

  public static final Message KIT_NO_CONSUMER =
      new Message(
          215,
          Level.THROWN,
          "test kit: there is no consumer '{consumer}' among the booted beans "
              + "(consumers: {known}); |add its bean class to the kit, or use the "
              + "consumer's name (@RabbitConsumer(name), else its queue)");

  static String kitNoConsumer(String consumer, String known) {
    return KIT_NO_CONSUMER.text(consumer, known);
  }

  public static final Message KIT_BATCH_CONSUMER =
      new Message(
          216,
          Level.THROWN,
          "test kit: consumer '{consumer}' ({method}): is a batch consumer; |hand "
              + "it a batch with kit.deliverBatch(\"{consumer}\", messages)");

  static String kitBatchConsumer(String consumer, String method) {
    return KIT_BATCH_CONSUMER.text(consumer, method);
  }

  public static final Message KIT_NOT_BATCH =
      new Message(
          217,
          Level.THROWN,
          "test kit: consumer '{consumer}' ({method}): is not a batch consumer; "
              + "|hand it one message with kit.deliver(\"{consumer}\", message)");

  static String kitNotBatch(String consumer, String method) {
    return KIT_NOT_BATCH.text(consumer, method);
  }

  public static final Message KIT_BATCH_WITH_BROKER =
      new Message(
          218,
          Level.THROWN,
          "test kit: batches of consumer '{consumer}' are delivered without the "
              + "broker only; |with the broker, publish the messages to its queue and "
              + "look at the broker");

  static String kitBatchWithBroker(String consumer) {
    return KIT_BATCH_WITH_BROKER.text(consumer);
  }
}
