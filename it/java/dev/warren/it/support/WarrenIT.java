package dev.warren.it.support;

import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Base of the Arquillian integration tests: prepares the broker ({@link BeforeDeployment}) before
 * the Weld embedded container deploys the class's archive, and cleans up after it.
 */
@ExtendWith(BrokerExtension.class)
@ExtendWith(ArquillianExtension.class)
public abstract class WarrenIT {

  /** A bean archive (with an empty beans.xml) holding {@code classes}. */
  protected static JavaArchive beanArchive(Class<?>... classes) {
    return ShrinkWrap.create(JavaArchive.class)
        .addClasses(classes)
        .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml");
  }

  /**
   * Whether the request context is active on the calling thread ({@code
   * BeanManager.isContextActive} is CDI 4.1 only; this works on 4.0 too).
   */
  protected static boolean requestContextActive(BeanManager beanManager) {
    try {
      return beanManager.getContext(RequestScoped.class).isActive();
    } catch (ContextNotActiveException e) {
      return false;
    }
  }
}
