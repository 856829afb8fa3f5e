package dev.warren.internal.servlet;

import dev.warren.internal.config.AsyncApiSettings;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.logging.AsyncApiMessages;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Adds {@link AsyncApiServlet} at {@code warren.asyncapi.path} and {@code
 * warren.asyncapi.page-path} when a servlet container starts a web application that has Warren in
 * it (registered in {@code META-INF/services/jakarta.servlet.ServletContainerInitializer}, which
 * containers read from every jar in {@code WEB-INF/lib}). Reads only the config: the servlet takes
 * the document from CDI at its first request.
 */
public final class AsyncApiInitializer implements ServletContainerInitializer {

  private static final Logger LOG = Logger.getLogger(AsyncApiInitializer.class.getName());
  static final String SERVLET_NAME = "warren-asyncapi";

  @Override
  public void onStartup(Set<Class<?>> classes, ServletContext context) {
    List<String> problems = new ArrayList<>();
    AsyncApiSettings settings;
    try {
      settings =
          new WarrenConfig(ConfigProvider.getConfig(context.getClassLoader()), problems::add)
              .asyncApi("warren");
    } catch (RuntimeException | LinkageError e) {
      AsyncApiMessages.asyncApiNotServed(LOG, "its config cannot be read (" + e + ")");
      return;
    }
    if (!settings.enabled()) {
      return;
    }
    if (!problems.isEmpty()) {
      AsyncApiMessages.asyncApiNotServed(LOG, String.join("; ", problems));
      return;
    }
    ServletRegistration.Dynamic registration =
        context.addServlet(SERVLET_NAME, new AsyncApiServlet(settings.path(), settings.pagePath()));
    if (registration == null) {
      AsyncApiMessages.asyncApiNotServed(
          LOG, "the application has a servlet named '" + SERVLET_NAME + "'");
      return;
    }
    Set<String> taken = registration.addMapping(settings.path(), settings.pagePath());
    if (!taken.isEmpty()) {
      AsyncApiMessages.asyncApiNotServed(
          LOG, "the application maps another servlet to " + String.join(", ", taken));
    }
  }
}
