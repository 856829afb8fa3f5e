package dev.warren.docs;

import dev.warren.Outcome;
import dev.warren.Publisher;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import dev.warren.docs.Model.AccountEvent;
import dev.warren.docs.Model.Accounts;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** docs/partitioned-consumers.md. */
@ApplicationScoped
public class Partitioned {

  @Inject Accounts accounts;
  @Inject Publisher publisher;

  @RabbitConsumer(queue = "accounts", queueType = QueueType.QUORUM, partitions = 6)
  public Outcome onAccountEvent(AccountEvent event) {
    accounts.apply(event);
    return Outcome.ack();
  }

  void send(AccountEvent event) {
    publisher.publish("accounts", event.accountId(), event);
  }
}
