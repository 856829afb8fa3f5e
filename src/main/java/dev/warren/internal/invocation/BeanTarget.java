package dev.warren.internal.invocation;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.spi.Context;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;

/**
 * What Warren calls a consumer's method on, through the bean's interceptors either way. For an
 * {@code @ApplicationScoped} bean, its contextual instance, looked up in the application context
 * for every call, as the bean's client proxy would look it up (the proxy also costs a Weld
 * interception stack per call, which the benchmark counts); until the instance exists, or after the
 * application destroyed it, the client proxy, which creates it. For any other bean, its contextual
 * reference. Made once per consumer when it starts.
 */
public final class BeanTarget {

  private final Object reference;
  private final Context applicationContext;
  private final Bean<?> bean;

  private BeanTarget(Object reference, Context applicationContext, Bean<?> bean) {
    this.reference = reference;
    this.applicationContext = applicationContext;
    this.bean = bean;
  }

  /** The target of {@code bean}'s consumer methods; the application context must be active. */
  public static BeanTarget of(BeanManager beanManager, Bean<?> bean, CreationalContext<?> context) {
    Object reference = beanManager.getReference(bean, bean.getBeanClass(), context);
    return new BeanTarget(
        reference,
        bean.getScope() == ApplicationScoped.class
            ? beanManager.getContext(ApplicationScoped.class)
            : null,
        bean);
  }

  /** The object to call the method on now. */
  Object instance() {
    if (applicationContext != null) {
      Object instance = applicationContext.get(bean);
      if (instance != null) {
        return instance;
      }
    }
    return reference;
  }
}
