package dev.warren.internal.servlet;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.HttpConstraintElement;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.ServletSecurityElement;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the initializer registers, from the config a servlet container's application has: a
 * ServletContext that records the calls, a class loader of its own per test (so that MicroProfile
 * Config builds a fresh config from the system properties set here).
 */
class DeadLetterHttpInitializerTest {

  private final List<String> calls = new ArrayList<>();
  private final List<String> logged = new ArrayList<>();
  private final List<String> set = new ArrayList<>();

  @AfterEach
  void clearProperties() {
    set.forEach(System::clearProperty);
  }

  @Test
  void offByDefaultItRegistersNothing() {
    start();

    assertThat(calls).isEmpty();
    assertThat(logged).isEmpty();
  }

  @Test
  void enabledItMapsTheServletBelowThePathBehindTheRole() {
    start("warren.dead-letters.http.enabled", "true", "warren.dead-letters.http.role", "ops");

    assertThat(calls)
        .containsExactly(
            "addServlet warren-dead-letters DeadLetterServlet",
            "addMapping [/warren/dead-letters/*]",
            "declareRoles [ops]",
            "setServletSecurity NONE [ops]");
    assertThat(logged).isEmpty();
  }

  @Test
  void invalidSettingsServeNothingAndSayWhy() {
    start("warren.dead-letters.http.enabled", "true", "warren.dead-letters.http.path", "/ops/*");

    assertThat(calls).isEmpty();
    assertThat(logged)
        .singleElement()
        .asString()
        .startsWith("WARREN-340 ")
        .contains("'warren.dead-letters.http.path'", "'/ops/*'", "enabled=false");
  }

  @Test
  void aTakenPathIsNotSecuredHalfwayButReported() {
    calls.add("taken");
    start("warren.dead-letters.http.enabled", "true");

    assertThat(calls)
        .containsExactly(
            "taken",
            "addServlet warren-dead-letters DeadLetterServlet",
            "addMapping [/warren/dead-letters/*]");
    assertThat(logged)
        .singleElement()
        .asString()
        .startsWith("WARREN-340 ")
        .contains("maps another");
  }

  private void start(String... keysAndValues) {
    for (int i = 0; i < keysAndValues.length; i += 2) {
      System.setProperty(keysAndValues[i], keysAndValues[i + 1]);
      set.add(keysAndValues[i]);
    }
    Logger log = Logger.getLogger(DeadLetterHttpInitializer.class.getName());
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            logged.add(record.getMessage());
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    log.addHandler(handler);
    try (URLClassLoader loader = new URLClassLoader(new URL[0], getClass().getClassLoader())) {
      new DeadLetterHttpInitializer().onStartup(Set.of(), context(loader));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } finally {
      log.removeHandler(handler);
    }
  }

  private ServletContext context(ClassLoader loader) {
    boolean taken = calls.contains("taken");
    ServletRegistration.Dynamic registration =
        (ServletRegistration.Dynamic)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {ServletRegistration.Dynamic.class},
                (proxy, method, args) ->
                    switch (method.getName()) {
                      case "addMapping" -> {
                        calls.add("addMapping " + List.of((String[]) args[0]));
                        yield taken ? Set.of((String[]) args[0]) : Set.of();
                      }
                      case "setServletSecurity" -> {
                        HttpConstraintElement constraint = (ServletSecurityElement) args[0];
                        calls.add(
                            "setServletSecurity "
                                + constraint.getTransportGuarantee()
                                + " "
                                + List.of(constraint.getRolesAllowed()));
                        yield Set.of();
                      }
                      default -> throw new UnsupportedOperationException(method.getName());
                    });
    return (ServletContext)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {ServletContext.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getClassLoader" -> loader;
                  case "addServlet" -> {
                    calls.add("addServlet " + args[0] + " " + args[1].getClass().getSimpleName());
                    yield registration;
                  }
                  case "declareRoles" -> {
                    calls.add("declareRoles " + List.of((String[]) args[0]));
                    yield null;
                  }
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
