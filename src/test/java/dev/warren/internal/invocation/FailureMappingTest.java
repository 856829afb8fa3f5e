package dev.warren.internal.invocation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.Outcome;
import dev.warren.spi.FailureMapper;
import java.time.Duration;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** SPEC section 10: exceptions map to outcomes; the most specific mapper wins. */
class FailureMappingTest {

  private static final Outcome FALLBACK = Outcome.drop();

  static class SpecificStateException extends IllegalStateException {}

  private final FailureMapper<RuntimeException> runtimeMapper = (e, d) -> Outcome.retry();
  private final FailureMapper<IllegalStateException> stateMapper =
      (e, d) -> Outcome.retryAfter(Duration.ofSeconds(1));

  private final FailureMapping mapping =
      new FailureMapping(
          Map.of(RuntimeException.class, runtimeMapper, IllegalStateException.class, stateMapper));

  @Test
  void mapperOfTheExactTypeWins() {
    assertThat(mapping.map(new IllegalStateException(), null, FALLBACK))
        .isEqualTo(Outcome.retryAfter(Duration.ofSeconds(1)));
  }

  @Test
  void mapperOfTheNearestSuperclassWins() {
    assertThat(mapping.map(new SpecificStateException(), null, FALLBACK))
        .isEqualTo(Outcome.retryAfter(Duration.ofSeconds(1)));
  }

  @Test
  void mapperOfAMoreGeneralTypeCatchesOtherSubtypes() {
    assertThat(mapping.map(new IllegalArgumentException(), null, FALLBACK))
        .isEqualTo(Outcome.retry());
  }

  @Test
  void noMatchingMapperGivesTheFallback() {
    assertThat(mapping.map(new java.io.IOException(), null, FALLBACK)).isEqualTo(FALLBACK);
  }

  @Test
  void noMappersAtAllGiveTheFallback() {
    assertThat(FailureMapping.none().map(new IllegalStateException(), null, Outcome.retry()))
        .isEqualTo(Outcome.retry());
  }

  @Test
  void mapperReturningNullGivesTheFallback() {
    FailureMapper<IllegalStateException> nullMapper = (e, d) -> null;
    FailureMapping withNull = new FailureMapping(Map.of(IllegalStateException.class, nullMapper));

    assertThat(withNull.map(new IllegalStateException(), null, FALLBACK)).isEqualTo(FALLBACK);
  }

  @Test
  void mapperThatThrowsGivesTheFallback() {
    FailureMapper<IllegalStateException> throwing =
        (e, d) -> {
          throw new UnsupportedOperationException("mapper bug");
        };
    FailureMapping withThrowing = new FailureMapping(Map.of(IllegalStateException.class, throwing));

    // the WARREN-037 warning is expected here; keep it out of the test output
    Logger log = Logger.getLogger(FailureMapping.class.getName());
    Level before = log.getLevel();
    log.setLevel(Level.OFF);
    try {
      assertThat(withThrowing.map(new IllegalStateException(), null, FALLBACK)).isEqualTo(FALLBACK);
    } finally {
      log.setLevel(before);
    }
  }

  @Test
  void theMapperReceivesTheFailure() {
    IllegalStateException thrown = new IllegalStateException("boom");
    FailureMapper<IllegalStateException> inspecting =
        (e, d) -> e == thrown ? Outcome.ack() : Outcome.drop();
    FailureMapping withInspecting =
        new FailureMapping(Map.of(IllegalStateException.class, inspecting));

    assertThat(withInspecting.map(thrown, null, Outcome.retry())).isEqualTo(Outcome.ack());
  }
}
