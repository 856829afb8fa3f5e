package dev.warren.internal.config;

/**
 * Whether and where the dead letter operations are served over HTTP, and the role they require;
 * read by the servlet initializer when a servlet container starts the application.
 *
 * @param enabled whether the endpoint is served (off by default)
 * @param path the endpoint's path in the web application; the operations are below it
 * @param role the role a user needs for every operation
 */
public record DeadLetterHttpSettings(boolean enabled, String path, String role) {

  /** Whether Warren serves its dead letter operations over HTTP (default {@code false}). */
  public static final String ENABLED = "warren.dead-letters.http.enabled";

  /** The path (in the web application) below which the operations are served. */
  public static final String PATH = "warren.dead-letters.http.path";

  /** The role a user needs for every operation of the endpoint. */
  public static final String ROLE = "warren.dead-letters.http.role";

  static final String DEFAULT_PATH = "/warren/dead-letters";
  static final String DEFAULT_ROLE = "warren-operator";

  static DeadLetterHttpSettings read(ConfigReader config) {
    boolean enabled = config.read(ENABLED, false, WarrenConfig::parseBoolean);
    String path = config.read(PATH, DEFAULT_PATH, DeadLetterHttpSettings::parsePath);
    String role = config.read(ROLE, DEFAULT_ROLE, DeadLetterHttpSettings::parseRole);
    return new DeadLetterHttpSettings(enabled, path, role);
  }

  private static String parsePath(String text) {
    String path = GlobalSettingsReader.parsePath(text);
    if (path.endsWith("/")) {
      throw new IllegalArgumentException(
          "expected a path without a trailing '/', e.g. " + DEFAULT_PATH);
    }
    return path;
  }

  private static String parseRole(String text) {
    String role = text.trim();
    if (role.isEmpty() || role.equals("*") || role.equals("**") || role.matches(".*\\s.*")) {
      throw new IllegalArgumentException(
          "expected one role name without spaces (not '*' or '**'), e.g. " + DEFAULT_ROLE);
    }
    return role;
  }
}
