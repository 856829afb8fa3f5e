package dev.warren.example;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A toy stock: every item starts with 100 pieces. */
@ApplicationScoped
public class Stock {

  private final Map<String, Integer> left = new ConcurrentHashMap<>();

  /** Takes {@code quantity} pieces of {@code item} if there are that many. */
  public boolean reserve(String item, int quantity) {
    boolean[] reserved = {false};
    left.compute(
        item,
        (name, pieces) -> {
          int now = pieces == null ? 100 : pieces;
          reserved[0] = now >= quantity;
          return reserved[0] ? now - quantity : now;
        });
    return reserved[0];
  }

  /** Pieces of {@code item} left. */
  public int left(String item) {
    return left.getOrDefault(item, 100);
  }
}
