package dev.warren.bench;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * SmallRye Reactive Messaging's side of the consume run: acks each message and counts it once its
 * ack has gone out. (Counted as Warren's and raw's are, when the method returns, the last acks of a
 * run were still queued in the connector when the run ended, and closing the container dropped
 * them: the quorum queue got back 110 of 5,000 messages.)
 */
@ApplicationScoped
public class SmallRyeConsumer {

  /** The incoming channel, configured per run ({@code mp.messaging.incoming.<channel>.*}). */
  static final String CHANNEL = "warren-bench-smallrye-in";

  @Incoming(CHANNEL)
  public CompletionStage<Void> consume(Message<byte[]> message) {
    Tally tally = Tally.current;
    tally.pass();
    return message.ack().thenRun(tally::finished);
  }
}
