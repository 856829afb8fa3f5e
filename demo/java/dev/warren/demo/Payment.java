package dev.warren.demo;

/**
 * A payment, JSON-encoded; every fifteenth is declined by the bank at every attempt.
 *
 * @param id the payment number, from 1
 * @param cents the amount
 */
public record Payment(int id, long cents) {

  boolean declined() {
    return id % 15 == 4;
  }
}
