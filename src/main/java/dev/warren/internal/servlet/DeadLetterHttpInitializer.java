package dev.warren.internal.servlet;

import dev.warren.internal.config.DeadLetterHttpSettings;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.logging.DeadLetterHttpMessages;
import jakarta.servlet.HttpConstraintElement;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletSecurityElement;
import jakarta.servlet.annotation.ServletSecurity.TransportGuarantee;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Adds {@link DeadLetterServlet} below {@code warren.dead-letters.http.path} when a servlet
 * container starts a web application that has Warren in it and {@code
 * warren.dead-letters.http.enabled} is {@code true} (registered in {@code
 * META-INF/services/jakarta.servlet.ServletContainerInitializer}). The servlet gets the container's
 * own security constraint: every method needs an authenticated user in {@code
 * warren.dead-letters.http.role}, which is declared to the application. With invalid settings,
 * nothing is served and WARREN-340 says why.
 */
public final class DeadLetterHttpInitializer implements ServletContainerInitializer {

  private static final Logger LOG = Logger.getLogger(DeadLetterHttpInitializer.class.getName());
  static final String SERVLET_NAME = "warren-dead-letters";

  @Override
  public void onStartup(Set<Class<?>> classes, ServletContext context) {
    List<String> problems = new ArrayList<>();
    DeadLetterHttpSettings settings;
    try {
      settings =
          new WarrenConfig(ConfigProvider.getConfig(context.getClassLoader()), problems::add)
              .deadLettersHttp();
    } catch (RuntimeException | LinkageError e) {
      // off by default: the AsyncAPI initializer reports an unreadable config (WARREN-090)
      return;
    }
    if (!settings.enabled()) {
      return;
    }
    if (!problems.isEmpty()) {
      DeadLetterHttpMessages.notServed(LOG, String.join("; ", problems));
      return;
    }
    ServletRegistration.Dynamic registration =
        context.addServlet(SERVLET_NAME, new DeadLetterServlet(settings.path(), settings.role()));
    if (registration == null) {
      DeadLetterHttpMessages.notServed(
          LOG, "the application has a servlet named '" + SERVLET_NAME + "'");
      return;
    }
    // addMapping changes nothing when a pattern is taken, so the servlet is then unreachable
    Set<String> taken = registration.addMapping(settings.path() + "/*");
    if (!taken.isEmpty()) {
      DeadLetterHttpMessages.notServed(
          LOG, "the application maps another servlet to " + String.join(", ", taken));
      return;
    }
    context.declareRoles(settings.role());
    // patterns returned here have a security-constraint of the application's web.xml, which the
    // container applies instead; the servlet checks the role itself either way
    registration.setServletSecurity(
        new ServletSecurityElement(
            new HttpConstraintElement(TransportGuarantee.NONE, settings.role())));
  }
}
