package dev.warren.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.it.support.AmqpRecorder.Method;
import java.util.List;

/** Reading a recording: a consumer's channel and the frames sent on it. */
public final class Frames {

  private Frames() {}

  /** The one {@code basic.consume} sent for {@code queue}: its channel is the consumer's. */
  public static Method consumeOf(AmqpRecorder recorder, String queue) {
    List<Method> consumes =
        recorder.methods().stream()
            .filter(m -> m.name().equals("basic.consume") && queue.equals(m.target()))
            .toList();
    assertThat(consumes).as("basic.consume frames for '%s'", queue).hasSize(1);
    return consumes.get(0);
  }

  /** Every frame sent on {@code method}'s channel, in order. */
  public static List<Method> onChannelOf(AmqpRecorder recorder, Method method) {
    return recorder.methods().stream()
        .filter(m -> m.connection() == method.connection() && m.channel() == method.channel())
        .toList();
  }

  /** The settlement frames (ack, reject, nack) sent on {@code method}'s channel, in order. */
  public static List<Method> settlementsOn(AmqpRecorder recorder, Method method) {
    return onChannelOf(recorder, method).stream().filter(Method::settles).toList();
  }
}
