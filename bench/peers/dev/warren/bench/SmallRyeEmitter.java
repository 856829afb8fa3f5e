package dev.warren.bench;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/** SmallRye Reactive Messaging's side of the publish run: an application bean with an emitter. */
@ApplicationScoped
public class SmallRyeEmitter {

  /** The outgoing channel, configured per run ({@code mp.messaging.outgoing.<channel>.*}). */
  static final String CHANNEL = "warren-bench-smallrye-out";

  @Inject
  @Channel(CHANNEL)
  @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 1000)
  Emitter<byte[]> emitter;

  /** The emitter. */
  public Emitter<byte[]> emitter() {
    return emitter;
  }
}
