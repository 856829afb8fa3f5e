package dev.warren.docs;

import java.util.List;

/** The made-up types the samples use. */
final class Model {

  record Order(String id, String item, int quantity) {
    boolean valid() {
      return quantity > 0;
    }
  }

  record Payment(String id, long cents) {}

  record Shipment(String id) {}

  record Invoice(String id) {}

  record Event(String type) {}

  record Row(String line) {
    boolean valid() {
      return !line.isBlank();
    }
  }

  record OrderCreated(String id) {}

  record QuoteRequest(String item, int quantity) {}

  record Quote(String item, long cents) {}

  record AccountEvent(String accountId, String type) {}

  interface Accounts {
    void apply(AccountEvent event);
  }

  interface Stock {
    boolean reserve(Order order);
  }

  interface Bank {
    boolean charge(Payment payment);
  }

  interface Ledger {
    boolean book(Invoice invoice);
  }

  interface Carrier {
    boolean accepts(Shipment shipment);
  }

  interface Store {
    void saveAll(List<Event> events);
  }

  interface Prices {
    Quote quote(QuoteRequest request);
  }

  private Model() {}
}
