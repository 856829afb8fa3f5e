package com.example.quickstart;

import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** The consumer: Warren calls it for every message on the queue 'greetings'. */
@ApplicationScoped
public class Greetings {

  private final BlockingQueue<Greeting> handled = new LinkedBlockingQueue<>();

  @RabbitConsumer(queue = "greetings")
  public Outcome onGreeting(Greeting greeting) {
    if (greeting.text().isBlank()) {
      return Outcome.drop(); // basic.reject(requeue=false)
    }
    handled.add(greeting);
    return Outcome.ack(); // basic.ack
  }

  /** The next greeting handled, or null after the given seconds. */
  public Greeting next(int seconds) throws InterruptedException {
    return handled.poll(seconds, TimeUnit.SECONDS);
  }
}
