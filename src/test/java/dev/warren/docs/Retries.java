package dev.warren.docs;

import dev.warren.Delay;
import dev.warren.DelayedRetryType;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.docs.Model.Bank;
import dev.warren.docs.Model.Carrier;
import dev.warren.docs.Model.Invoice;
import dev.warren.docs.Model.Ledger;
import dev.warren.docs.Model.Payment;
import dev.warren.docs.Model.Shipment;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;

/** docs/attempt-caps.md and docs/delayed-retry.md. */
@ApplicationScoped
public class Retries {

  @Inject Bank bank;
  @Inject Carrier carrier;
  @Inject Ledger ledger;

  @RabbitConsumer(queue = "payments", maxAttempts = 5, deadLetter = "payments.dlq")
  public Outcome onPayment(Payment payment) {
    return bank.charge(payment) ? Outcome.ack() : Outcome.retry();
  }

  @RabbitConsumer(
      queue = "invoices",
      queueType = QueueType.QUORUM,
      maxAttempts = 5,
      deadLetter = "invoices.dlq",
      delayedRetryType = DelayedRetryType.FAILED,
      delayedRetryMin = "500ms",
      delayedRetryMax = "1500ms")
  public Outcome onInvoice(Invoice invoice) {
    return ledger.book(invoice) ? Outcome.ack() : Outcome.retry();
  }

  @RabbitConsumer(
      queue = "shipments",
      maxAttempts = 10,
      deadLetter = "shipments.dlq",
      delay = Delay.DLX_TTL,
      delayTiers = {"1s", "30s", "10m"})
  public Outcome onShipment(Shipment shipment) {
    return carrier.accepts(shipment) ? Outcome.ack() : Outcome.retryAfter(Duration.ofSeconds(30));
  }
}
