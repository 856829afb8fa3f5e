package dev.warren.it.support;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a test class's {@link BeforeDeployment} methods before Arquillian deploys it, and after the
 * class (once Arquillian has undeployed it) its {@link AfterUndeployment} methods, then deletes
 * what the test declared and clears the test config. Registered before Arquillian's extension by
 * {@link WarrenIT}, so that its callbacks wrap Arquillian's.
 */
public final class BrokerExtension implements BeforeAllCallback, AfterAllCallback {

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    TestConfig.clear();
    invokeStatic(context, BeforeDeployment.class);
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    try {
      invokeStatic(context, AfterUndeployment.class);
    } finally {
      Broker.get().cleanUp();
      TestConfig.clear();
    }
  }

  private static void invokeStatic(ExtensionContext context, Class<? extends Annotation> marker)
      throws Exception {
    for (Method method : context.getRequiredTestClass().getDeclaredMethods()) {
      if (method.isAnnotationPresent(marker)) {
        if (!Modifier.isStatic(method.getModifiers())) {
          throw new IllegalStateException(
              "@" + marker.getSimpleName() + " method must be static: " + method);
        }
        method.setAccessible(true);
        method.invoke(null);
      }
    }
  }
}
