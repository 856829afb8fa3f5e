package dev.warren.test;

import dev.warren.Outcome;
import dev.warren.OutgoingMessage;
import java.util.List;
import java.util.Optional;

/**
 * What delivering one message came to.
 *
 * @param outcome what the delivery is settled by: the handler's outcome after failure mapping (an
 *     undecodable body or a missing required header: {@code drop()}); {@code null} when the handler
 *     threw a {@link java.lang.Error} (then {@code fatal} says which, and nothing is settled: the
 *     consumer would stop), and always with the broker, where the kit sees only the frames (a
 *     consumer that stopped shows no frames there)
 * @param failure the exception the outcome was mapped from, or {@code null}
 * @param fatal the {@code Error} that would stop the consumer, or {@code null}
 * @param frames the frames Warren would send, in order (see {@link Frame}); with the broker, those
 *     it sent on the wire (no {@link Frame.Wait}: an in-process delay is only time passing)
 * @param reply a responder's reply, if it sent one (also among the frames)
 * @param published what the handler published through its injected {@link dev.warren.Publisher}
 *     during this delivery
 * @param requests what it asked through its injected {@link dev.warren.Requester}
 */
public record Delivered(
    Outcome outcome,
    Throwable failure,
    Throwable fatal,
    List<Frame> frames,
    Optional<Frame.Publish> reply,
    List<OutgoingMessage> published,
    List<SentRequest> requests) {

  /** The reply's body as UTF-8 text. */
  public Optional<String> replyText() {
    return reply.map(r -> new String(r.body(), java.nio.charset.StandardCharsets.UTF_8));
  }
}
