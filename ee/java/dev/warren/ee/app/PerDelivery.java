package dev.warren.ee.app;

import jakarta.enterprise.context.RequestScoped;
import java.util.UUID;

/** Fresh for every delivery, since each delivery runs in a request context of its own. */
@RequestScoped
public class PerDelivery {

  private final String id = UUID.randomUUID().toString();

  public String id() {
    return id;
  }
}
