package dev.warren.it.support;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a test class's {@link BeforeDeployment} methods before Arquillian deploys it, and after the
 * class deletes what the test declared and clears the test config. Registered before Arquillian's
 * extension by {@link WarrenIT}.
 */
public final class BrokerExtension implements BeforeAllCallback, AfterAllCallback {

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    TestConfig.clear();
    for (Method method : context.getRequiredTestClass().getDeclaredMethods()) {
      if (method.isAnnotationPresent(BeforeDeployment.class)) {
        if (!Modifier.isStatic(method.getModifiers())) {
          throw new IllegalStateException("@BeforeDeployment method must be static: " + method);
        }
        method.setAccessible(true);
        method.invoke(null);
      }
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    Broker.get().cleanUp();
    TestConfig.clear();
  }
}
