package dev.warren;

import java.util.List;

/**
 * Operations on dead letter queues: count, browse, replay and purge the dead letters a query
 * selects. Inject it: {@code @Inject DeadLetters deadLetters;}. The queue is a consumer's {@code
 * deadLetter} queue ({@link DeadLetterQuery#consumer}) or any queue named ({@link
 * DeadLetterQuery#queue}).
 *
 * <p>Every call blocks the caller's thread until it is done: it opens a connection of its own with
 * Warren's connection settings, reads the dead letter queue from its head, acts on each dead letter
 * it examines and closes the connection. It never uses a consumer's channel or Warren's threads, so
 * call it from a thread of the application's (not from a consumer's handler, whose deliveries it
 * would hold up). Dead letters a query does not select stay in the queue, in their order:
 *
 * <ul>
 *   <li>on a classic queue ({@link DeadLetterQuery#queueType}, or Warren's own dead letter queues,
 *       which it declares classic), and on any queue on RabbitMQ 4.3 and later, they are held
 *       unacknowledged during the call and requeued at its end, when the broker puts each back in
 *       its place without counting an attempt;
 *   <li>on a quorum queue, or one whose type Warren does not know, before RabbitMQ 4.3, each is
 *       copied to the queue's tail (confirmed) and only then acknowledged: such a queue would count
 *       a requeue as a delivery attempt, drop the message past its delivery limit (20 by default on
 *       4.0) and move it behind the rest. The whole queue is rewritten this way, in order; dead
 *       letters that arrive during the call end up before the rewritten ones.
 * </ul>
 *
 * <p>A replayed dead letter is acknowledged (removed) only after the broker confirmed its copy in
 * the queue it died in: a crash in the middle loses nothing, and at worst leaves a dead letter that
 * was also replayed (its copy's {@value #REPLAYED_HEADER} header shows it).
 */
public interface DeadLetters {

  /** The header a replayed copy carries: how often the message was replayed (1 the first time). */
  String REPLAYED_HEADER = "x-warren-replayed";

  /**
   * How many dead letters the query selects. Without filters (nor a limit) this is the queue's
   * ready message count, read without touching a message; with filters the queue is read as by
   * {@link #browse}.
   *
   * @throws IllegalArgumentException when the query names an unknown consumer or one without a dead
   *     letter queue ({@code WARREN-300}, {@code WARREN-301})
   * @throws IllegalStateException when the queue does not exist ({@code WARREN-302}) or the broker
   *     cannot be reached or closed the channel ({@code WARREN-303})
   */
  long count(DeadLetterQuery query);

  /**
   * The dead letters the query selects, from the head of the queue, at most {@link
   * DeadLetterQuery#limit()} ({@value DeadLetterQuery#DEFAULT_PAGE} when none is set). Nothing is
   * removed or reordered.
   *
   * @throws IllegalArgumentException as {@link #count}
   * @throws IllegalStateException as {@link #count}
   */
  List<DeadLetter> browse(DeadLetterQuery query);

  /**
   * Publishes each selected dead letter back to the queue it died in (Warren's {@code
   * x-warren-origin-queue}, else the broker's {@code x-first-death-queue}), through the default
   * exchange, persistent as it was, {@code mandatory} and confirmed, with its body, properties
   * (message id included) and headers, but without Warren's retry count header (so that the
   * consumer's attempts start again), its death time ({@code x-warren-died-at}) and the broker's
   * delivery counts, and with {@value #REPLAYED_HEADER} one higher. Only once the copy is confirmed
   * is the dead letter acknowledged. A copy returned as unroutable or nacked, or a dead letter with
   * no queue to go back to, leaves the dead letter in the queue, listed in {@link
   * DeadLetterReport#failed()}. At most {@link DeadLetterQuery#rate()} copies a second when a rate
   * is set; with {@link DeadLetterQuery#dryRun()} nothing changes and the report says what would
   * have been replayed.
   *
   * @throws IllegalArgumentException as {@link #count}
   * @throws IllegalStateException as {@link #count}
   */
  DeadLetterReport replay(DeadLetterQuery query);

  /**
   * Removes (acknowledges) each selected dead letter; the others stay in place and in order. With
   * {@link DeadLetterQuery#dryRun()} nothing changes and the report says what would have been
   * removed.
   *
   * @throws IllegalArgumentException as {@link #count}
   * @throws IllegalStateException as {@link #count}
   */
  DeadLetterReport purge(DeadLetterQuery query);
}
