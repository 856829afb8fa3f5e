package dev.warren.docs;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.spi.FailureMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeoutException;

/** docs/outcomes-and-settlement.md. */
@ApplicationScoped
public class TimeoutsAreTemporary implements FailureMapper<TimeoutException> {
  @Override
  public Outcome toOutcome(TimeoutException failure, Delivery delivery) {
    return Outcome.retry();
  }
}
