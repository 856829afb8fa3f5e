package dev.warren.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Debian's headless Chromium, started fresh for each call (a new profile, no background traffic:
 * this machine's network is closed), to see a page the way a person's browser does.
 */
public final class Chromium {

  private static final String INSTALL = "install Chromium (Debian: apt-get install -y chromium)";
  private static final Path WORK = Path.of("target/chromium");

  private Chromium() {}

  /** The DOM of the page at {@code url} once it has loaded and its scripts have run. */
  public static String dom(String url) {
    Tools.Run run = chromium("--dump-dom", url);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    return run.output();
  }

  /**
   * Saves a screenshot of the page at {@code url}, {@code width} by {@code height}, to {@code
   * file}.
   */
  public static void screenshot(String url, int width, int height, Path file) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Tools.Run run =
        chromium(
            "--hide-scrollbars",
            "--window-size=" + width + "," + height,
            "--screenshot=" + file.toAbsolutePath(),
            url);
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(file).as(run.toString()).exists();
  }

  private static Tools.Run chromium(String... arguments) {
    Path profile;
    try {
      profile = Files.createTempDirectory(Files.createDirectories(WORK), "profile");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> command =
        new ArrayList<>(
            List.of(
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile.toAbsolutePath()));
    command.addAll(List.of(arguments));
    return Tools.run(WORK, 120, INSTALL, command.toArray(String[]::new));
  }
}
