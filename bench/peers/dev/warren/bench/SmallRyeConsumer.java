package dev.warren.bench;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * SmallRye Reactive Messaging's side of the consume run: acks each message. The run counts a
 * message once its ack has been sent ({@link SmallRyeAcks}), not when this returns.
 */
@ApplicationScoped
public class SmallRyeConsumer {

  /** The incoming channel, configured per run ({@code mp.messaging.incoming.<channel>.*}). */
  static final String CHANNEL = "warren-bench-smallrye-in";

  @Incoming(CHANNEL)
  public CompletionStage<Void> consume(Message<byte[]> message) {
    Tally.current.pass();
    return message.ack();
  }
}
