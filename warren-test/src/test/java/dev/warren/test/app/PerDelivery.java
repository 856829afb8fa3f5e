package dev.warren.test.app;

import jakarta.enterprise.context.RequestScoped;
import java.util.UUID;

/** A request-scoped bean: fresh for every delivery. */
@RequestScoped
public class PerDelivery {
  private final String id = UUID.randomUUID().toString();

  public String id() {
    return id;
  }
}
