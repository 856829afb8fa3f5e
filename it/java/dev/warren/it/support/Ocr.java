package dev.warren.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads the text of a screenshot with Tesseract, for checks of what a page shows a person rather
 * than what its DOM holds. OCR splits and drops punctuation at times ({@code warren. it.orders}),
 * so {@link #letters} compares letters and digits only.
 */
public final class Ocr {

  private Ocr() {}

  /** The text Tesseract reads in {@code image}. */
  public static String text(Path image) {
    Tools.Run run =
        Tools.run(
            image.toAbsolutePath().getParent(),
            120,
            "install Tesseract (Debian: apt-get install -y tesseract-ocr)",
            "tesseract",
            image.toAbsolutePath().toString(),
            "stdout");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    return run.output();
  }

  /** {@code text} in lower case with everything but letters and digits removed. */
  public static String letters(String text) {
    return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
  }
}
