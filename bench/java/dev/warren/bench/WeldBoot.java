package dev.warren.bench;

import jakarta.enterprise.inject.spi.Extension;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;

/**
 * Boots Weld SE with bean discovery off and exactly the given bean classes (and extensions, if
 * given), with or without Warren's extension (Weld SE loads no service-loader extensions when
 * discovery is off, so an application adds Warren's itself, as here).
 */
final class WeldBoot {

  private static final AtomicInteger IDS = new AtomicInteger();

  private WeldBoot() {}

  /** A container with Warren: its consumers run once this returns. */
  static WeldContainer withWarren(Class<?>... beanClasses) {
    return withWarren(List.of(), beanClasses);
  }

  /**
   * A container with Warren and {@code extensions} (new instances for this container), such as
   * {@link StartupCopies}: its consumers run once this returns.
   */
  static WeldContainer withWarren(List<Extension> extensions, Class<?>... beanClasses) {
    Weld weld = weld(extensions, beanClasses);
    warrenExtensions().forEach(weld::addExtension);
    return weld.initialize();
  }

  /** The same container (with {@code extensions}) without Warren's: the annotations are inert. */
  static WeldContainer withoutWarren(List<Extension> extensions, Class<?>... beanClasses) {
    return weld(extensions, beanClasses).initialize();
  }

  private static Weld weld(List<Extension> extensions, Class<?>... beanClasses) {
    Weld weld =
        new Weld("warren-bench-" + IDS.incrementAndGet())
            .disableDiscovery()
            .addBeanClasses(beanClasses);
    extensions.forEach(weld::addExtension);
    return weld;
  }

  /**
   * Warren's extension from its {@code META-INF/services} entry, new for every container; others on
   * the (test) class path, such as Arquillian's, are left out.
   */
  private static List<Extension> warrenExtensions() {
    return ServiceLoader.load(Extension.class).stream()
        .filter(provider -> provider.type().getPackageName().startsWith("dev.warren."))
        .map(ServiceLoader.Provider::get)
        .toList();
  }
}
