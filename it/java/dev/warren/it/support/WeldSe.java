package dev.warren.it.support;

import static org.assertj.core.api.Assertions.fail;

import jakarta.enterprise.inject.spi.DeploymentException;
import jakarta.enterprise.inject.spi.Extension;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Boots a Weld SE container with exactly the given bean classes (Warren's extension comes from the
 * service loader), for tests that need to see a deployment fail or control shutdown themselves.
 */
public final class WeldSe {

  private static final AtomicInteger IDS = new AtomicInteger();

  private WeldSe() {}

  /**
   * Starts a container with {@code beanClasses}. Weld SE loads no service-loader extensions when
   * discovery is disabled, so they are added here, as an application would.
   */
  public static WeldContainer start(Class<?>... beanClasses) {
    Weld weld =
        new Weld("warren-it-" + IDS.incrementAndGet())
            .disableDiscovery()
            .addBeanClasses(beanClasses);
    ServiceLoader.load(Extension.class).forEach(weld::addExtension);
    return weld.initialize();
  }

  /**
   * Deploys {@code beanClasses}, expecting deployment to fail.
   *
   * @return the text of the failure and all its causes
   */
  public static String deploymentFailure(Class<?>... beanClasses) {
    try (WeldContainer container = start(beanClasses)) {
      return fail("the deployment succeeded, but should have failed");
    } catch (DeploymentException e) {
      StringBuilder text = new StringBuilder();
      for (Throwable t = e; t != null; t = t.getCause()) {
        text.append(t.getMessage()).append('\n');
      }
      return text.toString();
    }
  }
}
