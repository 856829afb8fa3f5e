package dev.warren;

import com.rabbitmq.client.AMQP;
import java.time.Instant;
import java.util.Map;

/**
 * One dead letter as {@link DeadLetters#browse} read it.
 *
 * @param position its place in the dead letter queue when the call began, 0 at the head
 * @param messageId the {@code message_id} property, {@code null} when it has none
 * @param originQueue the queue it died in: Warren's {@code x-warren-origin-queue}, else the
 *     broker's {@code x-first-death-queue} (or the oldest {@code x-death} entry's queue); {@code
 *     null} when unknown
 * @param reason why it died: Warren's {@code x-warren-death-reason} ({@code max-attempts}, {@code
 *     copy-failed}), else the broker's {@code x-first-death-reason} ({@code rejected}, {@code
 *     expired}, {@code maxlen}, {@code delivery_limit}); {@code null} when unknown
 * @param exception Warren's {@code x-warren-exception} ({@code class: message}), {@code null} when
 *     none
 * @param diedAt when Warren copied it to the dead letter queue ({@code x-warren-died-at}), else
 *     when the broker dead-lettered it (the oldest {@code x-death} entry's time), else the
 *     message's {@code timestamp} property; {@code null} when none is there
 * @param replayed how often it was replayed before ({@value DeadLetters#REPLAYED_HEADER}), 0 when
 *     never
 * @param headers its headers as plain Java values (strings, numbers, lists, maps)
 * @param properties its properties as the RabbitMQ Java client gives them
 * @param body its body
 */
public record DeadLetter(
    long position,
    String messageId,
    String originQueue,
    String reason,
    String exception,
    Instant diedAt,
    int replayed,
    Map<String, Object> headers,
    AMQP.BasicProperties properties,
    byte[] body) {}
