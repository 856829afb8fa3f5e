package dev.warren.it.interceptor;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.spi.FailureMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** What the interceptor tests' handlers throw. */
public class Broken extends RuntimeException {

  public Broken(String message) {
    super(message);
  }

  /** Maps {@link Broken} to drop, and remembers the message of each failure it was given. */
  @ApplicationScoped
  public static class Mapper implements FailureMapper<Broken> {
    static final List<String> SEEN = new CopyOnWriteArrayList<>();

    @Override
    public Outcome toOutcome(Broken failure, Delivery delivery) {
      SEEN.add(failure.getMessage());
      return Outcome.drop();
    }
  }
}
