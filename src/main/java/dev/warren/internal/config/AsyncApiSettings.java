package dev.warren.internal.config;

/**
 * How the AsyncAPI document is titled and where it is served, read once at deployment (and by the
 * servlet initializer when a servlet container starts the application).
 *
 * @param title the document's {@code info.title}
 * @param version the document's {@code info.version}
 * @param enabled whether the document and its page are served (with the Servlet API)
 * @param path the document's path in the web application
 * @param pagePath the page's path in the web application
 */
public record AsyncApiSettings(
    String title, String version, boolean enabled, String path, String pagePath) {}
