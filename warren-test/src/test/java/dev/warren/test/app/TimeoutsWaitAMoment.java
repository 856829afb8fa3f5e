package dev.warren.test.app;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.spi.FailureMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/** Maps a timeout to a delayed retry. */
@ApplicationScoped
public class TimeoutsWaitAMoment implements FailureMapper<TimeoutException> {
  @Override
  public Outcome toOutcome(TimeoutException failure, Delivery delivery) {
    return Outcome.retryAfter(Duration.ofSeconds(2));
  }
}
