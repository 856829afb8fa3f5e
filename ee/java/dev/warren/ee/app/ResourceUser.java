package dev.warren.ee.app;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.Dependent;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * A bean with a {@code @Resource} field, first created on a handler thread: the server resolves the
 * resource in the component's naming context, which that thread must have.
 */
@Dependent
public class ResourceUser {

  @Resource TransactionSynchronizationRegistry registry;

  public boolean hasRegistry() {
    return registry != null;
  }
}
