package dev.warren.internal.inbox;

import dev.warren.Delivery;
import dev.warren.internal.config.InboxSettings.MissingId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The id under which the inbox records a delivery: its message id; one longer than the column holds
 * ({@value InboxSql#KEY_LENGTH} characters) by its SHA-256; without one, as {@code
 * warren.inbox.missing-id} says, the SHA-256 of the body, or none (the delivery is refused). Hex,
 * lower case. Pure.
 */
final class MessageIds {

  private MessageIds() {}

  /** The id of {@code delivery}, or {@code null} when it has none and {@code missing} refuses. */
  static String of(Delivery delivery, MissingId missing) {
    String id = delivery.messageId().filter(text -> !text.isEmpty()).orElse(null);
    if (id != null) {
      return id.length() <= InboxSql.KEY_LENGTH ? id : sha256(id.getBytes(StandardCharsets.UTF_8));
    }
    return missing == MissingId.BODY ? sha256(delivery.body()) : null;
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}
