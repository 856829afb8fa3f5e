package dev.warren.bench;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/** SmallRye Reactive Messaging's side of the latency runs: reports each delivery and acks it. */
@ApplicationScoped
public class SmallRyeLatencyConsumer {

  /** The incoming channel, configured per run ({@code mp.messaging.incoming.<channel>.*}). */
  static final String CHANNEL = "warren-bench-smallrye-latency";

  @Incoming(CHANNEL)
  public CompletionStage<Void> consume(Message<byte[]> message) {
    Arrivals.current.arrived(message.getPayload());
    return message.ack();
  }
}
