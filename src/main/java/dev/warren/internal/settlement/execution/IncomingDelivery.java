package dev.warren.internal.settlement.execution;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AlreadyClosedException;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Envelope;
import dev.warren.internal.codec.ReceivedMessage;
import dev.warren.internal.invocation.HandedBack;
import dev.warren.internal.logging.RateLimit;
import dev.warren.internal.logging.SettlementMessages;
import dev.warren.internal.settlement.Action;
import dev.warren.internal.telemetry.Processing;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One delivery from arrival to settlement. It remembers the exact channel it arrived on (not the
 * recovering wrapper), so it is settled there or nowhere (and nowhere once the broker cancelled its
 * subscription, {@link DeliveryChannel}), and it is settled at most once. Its handler's result
 * counts only if the handler finished before the delivery was taken from it ({@link #finish()}
 * against {@link #handBack()} at shutdown and {@link #overrun()} at its handler-timeout).
 */
public final class IncomingDelivery extends ReceivedMessage implements HandedBack, Runnable {

  /** Who decides what becomes of the delivery once its handler was called. */
  private enum Owner {
    HANDLER,
    FINISHED,
    HANDED_BACK,
    OVERRAN
  }

  private static final Logger LOG = Logger.getLogger(IncomingDelivery.class.getName());

  // settled and owner change by compare-and-set through these: two fields, not two objects per
  // delivery (the consume path allocates for every message)
  private static final VarHandle SETTLED;
  private static final VarHandle OWNER;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      SETTLED = lookup.findVarHandle(IncomingDelivery.class, "settled", Action.class);
      OWNER = lookup.findVarHandle(IncomingDelivery.class, "owner", Owner.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final DeliverySource source;
  private final DeliveryChannel on;
  private final long arrivedNanos;
  private final int attempt;
  private volatile Action settled; // set through SETTLED only
  private volatile Owner owner = Owner.HANDLER; // changed through OWNER only
  private volatile Processing telemetry = Processing.NONE;
  // InFlight's, touched only under its lock: this delivery's neighbours in its list of those in
  // hand
  IncomingDelivery previousInHand;
  IncomingDelivery nextInHand;

  public IncomingDelivery(
      DeliverySource source,
      DeliveryChannel on,
      Envelope envelope,
      AMQP.BasicProperties properties,
      byte[] body,
      int attempt) {
    super(envelope, properties, body);
    this.source = source;
    this.on = on;
    this.arrivedNanos = System.nanoTime();
    this.attempt = attempt;
  }

  /**
   * Sends {@code action}'s frame on the delivery's own channel, unless the delivery was settled
   * before, that channel has closed (then the broker redelivers it; the frame would be meaningless
   * on any other channel) or the broker cancelled the subscription (it has handed the delivery to
   * another consumer already, or its queue is gone).
   *
   * @return whether the frame was sent
   */
  boolean settle(Action action) {
    if (!SETTLED.compareAndSet(this, null, action)) {
      SettlementMessages.alreadySettled(
          LOG, source.consumerName(), deliveryTag(), settled.toString(), action.toString());
      return false;
    }
    boolean sent = send(action);
    source.listener().settled(this, action, sent);
    return sent;
  }

  /**
   * A step on the way to this delivery's settlement failed: it goes back to its queue unchanged
   * ({@code basic.reject requeue=true}), unless it was settled before or its channel has closed
   * (then the broker delivers it again).
   *
   * @return whether the requeue frame was sent here
   */
  boolean requeueUnlessSettled() {
    Action requeue = new Action.Reject(true, Action.Reason.STEP_FAILED);
    if (!SETTLED.compareAndSet(this, null, requeue) || !on.usable()) {
      return false;
    }
    boolean sent = send(requeue);
    try {
      source.listener().settled(this, requeue, sent);
    } catch (RuntimeException | Error again) {
      // most likely what made the step fail, which is being reported: the frame went out
      LOG.log(Level.FINE, "telemetry failed again for " + this, again);
    }
    return sent;
  }

  private boolean send(Action action) {
    Channel channel = on.channel();
    if (!on.usable()) {
      channelGone(action.toString());
      return false;
    }
    try {
      if (action instanceof Action.Reject reject) {
        channel.basicReject(deliveryTag(), reject.requeue());
      } else if (action instanceof Action.Ack) {
        channel.basicAck(deliveryTag(), false);
      } else {
        throw new IllegalArgumentException(action + " is not a settlement frame");
      }
      return true;
    } catch (IOException | AlreadyClosedException e) {
      SettlementMessages.settleFailed(
          LOG, e, source.consumerName(), deliveryTag(), action.toString(), e.toString());
      return false;
    }
  }

  /**
   * Says (WARREN-032, at most once a minute per consumer, with how many were held back) that this
   * delivery's channel closed before {@code what} could be done: the broker delivers it again.
   */
  void channelGone(String what) {
    long suppressed = source.channelGone().pass();
    if (suppressed != RateLimit.SUPPRESSED) {
      SettlementMessages.channelGone(LOG, source.consumerName(), deliveryTag(), what, suppressed);
    }
  }

  /**
   * The handler finished: its result decides.
   *
   * @return {@code false} when the delivery was handed back first (the result is then ignored)
   */
  public boolean finish() {
    return OWNER.compareAndSet(this, Owner.HANDLER, Owner.FINISHED);
  }

  /**
   * Takes the delivery from its still running handler.
   *
   * @return {@code false} when the handler had finished first (its result decides)
   */
  public boolean handBack() {
    return OWNER.compareAndSet(this, Owner.HANDLER, Owner.HANDED_BACK);
  }

  /**
   * Takes the delivery from a handler that ran past its handler-timeout: it is settled as a retry
   * instead.
   *
   * @return {@code false} when the handler had finished first, or it was handed back already
   */
  public boolean overrun() {
    return OWNER.compareAndSet(this, Owner.HANDLER, Owner.OVERRAN);
  }

  /** Whether the delivery was taken from its handler at its handler-timeout. */
  public boolean overran() {
    return owner == Owner.OVERRAN;
  }

  @Override
  public boolean handedBack() {
    Owner now = owner;
    return now == Owner.HANDED_BACK || now == Owner.OVERRAN;
  }

  /** What this delivery reports to telemetry, from the start of its handling. */
  public Processing telemetry() {
    return telemetry;
  }

  /** Set when its handling starts (before that, it reports nothing). */
  public void telemetry(Processing processing) {
    this.telemetry = processing;
  }

  /** The channel this delivery came on (not a recovering wrapper). */
  public Channel channel() {
    return on.channel();
  }

  /**
   * Whether the delivery can still be settled where it came: its channel is open and the broker has
   * not cancelled its subscription.
   */
  public boolean channelOpen() {
    return on.usable();
  }

  /** The subscription's channel this delivery came on. */
  public DeliveryChannel deliveryChannel() {
    return on;
  }

  /** The {@link System#nanoTime()} when the delivery arrived: the broker's clock starts then. */
  public long arrivedNanos() {
    return arrivedNanos;
  }

  /** A worker handles this delivery: what its consumer's {@link DeliverySource#worker()} does. */
  @Override
  public void run() {
    source.worker().accept(this);
  }

  @Override
  public String consumerName() {
    return source.consumerName();
  }

  @Override
  public String queue() {
    return source.queue();
  }

  @Override
  public int attempt() {
    return attempt;
  }

  @Override
  public String toString() {
    return "delivery " + deliveryTag() + " of consumer '" + source.consumerName() + "'";
  }
}
