package dev.warren.demo;

/**
 * The demo's message: an order as it travels on the queue, JSON-encoded (for example {@code
 * {"id":7,"item":"tea","quantity":0}}). Warren decodes it with JSON-B before the handler sees it.
 *
 * @param id the order number, from 1
 * @param item what was ordered
 * @param quantity how many; an order with less than 1 is invalid
 */
public record Order(int id, String item, int quantity) {

  /** Whether the order can be fulfilled at all; an invalid order is dropped, not retried. */
  public boolean valid() {
    return quantity > 0;
  }
}
