package com.example.quickstart;

import dev.warren.Publisher;
import jakarta.enterprise.inject.se.SeContainer;
import jakarta.enterprise.inject.se.SeContainerInitializer;
import java.util.concurrent.TimeUnit;

/** Boots CDI (Weld SE) with Warren, publishes one greeting, waits until it is handled, exits. */
public final class QuickStart {

  public static void main(String[] args) throws Exception {
    try (SeContainer container = SeContainerInitializer.newInstance().initialize()) {
      Publisher publisher = container.select(Publisher.class).get();
      Greeting sent = new Greeting("quickstart", "hello at " + System.currentTimeMillis());
      publisher.publish("", "greetings", sent).toCompletableFuture().get(10, TimeUnit.SECONDS);

      Greetings greetings = container.select(Greetings.class).get();
      Greeting handled = greetings.next(10);
      if (handled == null) {
        throw new IllegalStateException("no greeting handled within 10 s");
      }
      System.out.println("quickstart: handled " + handled);
    }
  }

  private QuickStart() {}
}
