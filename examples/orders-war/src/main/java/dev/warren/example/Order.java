package dev.warren.example;

/** An order, as JSON: {"id": "o-1", "item": "bolt", "quantity": 4}. */
public record Order(String id, String item, int quantity) {

  boolean valid() {
    return id != null && item != null && quantity > 0;
  }
}
