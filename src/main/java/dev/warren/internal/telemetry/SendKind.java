package dev.warren.internal.telemetry;

/** What a message Warren sends is; the value of the {@code warren.send.kind} attribute. */
public enum SendKind {
  /** The application's {@code Publisher}. */
  PUBLISH("publish"),
  /** The application's {@code Requester}. */
  REQUEST("request"),
  /** A responder's reply. */
  REPLY("reply"),
  /** A retry copy, back to the consumer's queue. */
  RETRY("retry"),
  /** A delayed retry copy, to a wait queue or delayed exchange (or after an in-process hold). */
  DELAY("delay"),
  /** A copy to the dead letter queue, at the attempt cap. */
  DEAD_LETTER("dead-letter");

  private final String value;

  SendKind(String value) {
    this.value = value;
  }

  /** The attribute value. */
  public String value() {
    return value;
  }
}
