package dev.warren.internal.telemetry;

import dev.warren.Delivery;
import java.util.List;

/** The telemetry hooks of one consumer; created when it starts, thread-safe. */
public interface ConsumerTelemetry {

  /** Reports nothing. */
  ConsumerTelemetry NONE = new ConsumerTelemetry() {};

  /** One delivery about to be handled, in the trace its message carries. */
  default Processing processing(Delivery delivery) {
    return Processing.NONE;
  }

  /**
   * A batch about to be handled: one span linked to each message's trace; {@code member(i)} reports
   * the delivery at {@code i}, and the span ends once every member is settled.
   */
  default Batch batch(List<? extends Delivery> deliveries) {
    return Batch.NONE;
  }

  /** A batch being handled. */
  interface Batch {

    /** Reports nothing. */
    Batch NONE =
        new Batch() {
          @Override
          public Processing member(int index) {
            return Processing.NONE;
          }
        };

    /** Makes the batch's span current on this thread, for the method's call. */
    default Scope enter() {
      return Scope.NONE;
    }

    /** The delivery at {@code index} of the batch. */
    Processing member(int index);
  }
}
