package dev.warren.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** SPEC section 9: durations take a unit ({@code 500ms}, {@code 30s}, {@code 5m}) or ISO-8601. */
class DurationsTest {

  @ParameterizedTest
  @CsvSource({
    "500ms, PT0.5S",
    "30s, PT30S",
    "5m, PT5M",
    "1h, PT1H",
    "1d, PT24H",
    "0s, PT0S",
    "PT30S, PT30S",
    "PT1M30S, PT1M30S",
    "P1D, PT24H"
  })
  void acceptsANumberWithAUnitOrIso8601(String text, String expected) {
    assertThat(Durations.parse(text)).isEqualTo(Duration.parse(expected));
  }

  @ParameterizedTest
  @ValueSource(strings = {"  30s  ", "30 s", "30S", "\t30s\n", "pt30s", " PT30s "})
  void ignoresSurroundingWhitespaceAndCase(String text) {
    assertThat(Durations.parse(text)).isEqualTo(Duration.ofSeconds(30));
  }

  @ParameterizedTest
  @ValueSource(strings = {"500MS", "500 ms"})
  void millisecondsIgnoreCaseAndSpaces(String text) {
    assertThat(Durations.parse(text)).isEqualTo(Duration.ofMillis(500));
  }

  @ParameterizedTest
  @ValueSource(strings = {"-1s", "PT-1S", "-PT1S", "abc", "10", "", "1.5s", "5 minutes", "s"})
  void rejectsAnythingElseSayingWhatIsAccepted(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse(text))
        .withMessageContaining("500ms")
        .withMessageContaining("30s")
        .withMessageContaining("PT30S");
  }

  @ParameterizedTest
  @ValueSource(strings = {"PT-1S", "-PT1S", "P-1D"})
  void rejectsNegativeIsoDurationsSayingSo(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse(text))
        .withMessageContaining("negative");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "99999999999999999999ms",
        "999999999999999999m",
        "9999999999999999h",
        "999999999999999d"
      })
  void rejectsAmountsTooLargeForADurationAsInvalidValues(String text) {
    // an ArithmeticException here would escape config reading instead of becoming WARREN-004
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Durations.parse(text))
        .withMessageContaining("too large");
  }
}
