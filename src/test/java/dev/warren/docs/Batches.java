package dev.warren.docs;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.RabbitConsumer;
import dev.warren.docs.Model.Event;
import dev.warren.docs.Model.Row;
import dev.warren.docs.Model.Store;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/** docs/batches.md. */
@ApplicationScoped
public class Batches {

  @Inject Store store;

  @RabbitConsumer(queue = "audit", batchSize = 100, batchWait = "50ms")
  public Outcome onAudit(List<Event> events) {
    store.saveAll(events); // one call, one transaction
    return Outcome.ack(); // one basic.ack per delivery
  }

  @RabbitConsumer(queue = "imports", batchSize = 50, batchWait = "200ms")
  public List<Outcome> onImport(List<Row> rows, List<Delivery> deliveries) {
    return rows.stream().map(row -> row.valid() ? Outcome.ack() : Outcome.drop()).toList();
  }
}
