package dev.warren.test;

import dev.warren.OutgoingMessage;
import java.lang.reflect.Type;
import java.time.Duration;

/**
 * A request the application made through its injected {@link dev.warren.Requester}.
 *
 * @param message the request: exchange, routing key, payload, headers and properties
 * @param replyType what the reply was to be decoded into
 * @param timeout how long the caller would have waited
 * @param answered whether an answer registered with {@link WarrenTestKit#answer} completed it
 */
public record SentRequest(
    OutgoingMessage message, Type replyType, Duration timeout, boolean answered) {}
