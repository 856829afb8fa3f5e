package dev.warren.docs;

import dev.warren.DeadLetter;
import dev.warren.DeadLetterQuery;
import dev.warren.DeadLetterReport;
import dev.warren.DeadLetters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.logging.Logger;

/** docs/dead-letters.md. */
@ApplicationScoped
public class DeadLetterOperations {

  private static final Logger LOG = Logger.getLogger(DeadLetterOperations.class.getName());

  @Inject DeadLetters deadLetters;

  /** After the bank's outage: look, try a few, then send the rest back slowly. */
  public void afterTheOutage() {
    DeadLetterQuery timeouts =
        DeadLetterQuery.consumer("payments")
            .reason("max-attempts")
            .exception("java.net.SocketTimeoutException");

    long waiting = deadLetters.count(timeouts);
    for (DeadLetter letter : deadLetters.browse(timeouts.limit(20))) {
      LOG.info(letter.messageId() + " died at " + letter.diedAt() + ": " + letter.exception());
    }

    DeadLetterReport plan = deadLetters.replay(timeouts.dryRun());
    LOG.info("would replay " + plan.selected() + " of " + waiting + ": " + plan.selectedIds());

    DeadLetterReport tried = deadLetters.replay(timeouts.limit(10));
    if (tried.failed().isEmpty()) {
      DeadLetterReport rest = deadLetters.replay(timeouts.rate(200));
      LOG.info("replayed " + rest.done() + ", failed " + rest.failed());
    }
  }

  /** Poison messages nobody will fix: remove them. */
  public void dropTheUnparseable() {
    deadLetters.purge(
        DeadLetterQuery.consumer("payments")
            .exception("jakarta.json.bind.JsonbException")
            .olderThan(Duration.ofDays(7)));
  }
}
