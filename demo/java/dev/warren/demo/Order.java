package dev.warren.demo;

/**
 * An order as it travels on the queue, JSON-encoded (for example {@code
 * {"id":7,"item":"tea","quantity":0}}). Warren decodes it with JSON-B before the handler sees it.
 *
 * @param id the order number, from 1
 * @param item what was ordered
 * @param quantity how many; an order with less than 1 is invalid
 */
public record Order(int id, String item, int quantity) {

  /** What the handler will make of an order: decided by its number, so the demo can predict it. */
  enum Kind {
    /** Quantity 0: no retry can fix it, {@code drop()}. */
    INVALID,
    /** The warehouse rejects it every time: three attempts, then the dead letter queue. */
    POISON,
    /** The warehouse is busy at the first attempt: {@code retry()}, then acked. */
    BUSY,
    /** Acked at once. */
    FINE
  }

  static Order number(int id) {
    String[] items = {"tea", "coffee", "scones", "jam", "honey"};
    return new Order(id, items[id % items.length], id % 25 == 7 ? 0 : 1 + id % 4);
  }

  Kind kind() {
    if (quantity < 1) {
      return Kind.INVALID;
    }
    if (id % 20 == 3) {
      return Kind.POISON;
    }
    return id % 10 == 0 ? Kind.BUSY : Kind.FINE;
  }
}
