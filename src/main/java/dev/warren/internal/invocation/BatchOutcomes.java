package dev.warren.internal.invocation;

import dev.warren.Outcome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Lines up what a batch method returned with the deliveries it was called with (SPEC section 7).
 * Pure: no I/O, no state.
 *
 * <pre>
 * returned                 delivery i gets
 * one Outcome              that outcome (every delivery the same)
 * List, same length        element i
 * List, shorter            element i while there is one; retry() for the rest (a mismatch)
 * List, longer             element i; the extra elements are ignored (a mismatch)
 * List element null        nothing: the caller maps it as a failure of that delivery
 * </pre>
 */
final class BatchOutcomes {

  private BatchOutcomes() {}

  /**
   * The outcome of each of {@code deliveries} deliveries.
   *
   * @param outcomes the list the method returned
   * @param deliveries how many deliveries the method was called with
   */
  static Aligned align(List<?> outcomes, int deliveries) {
    List<Outcome> result = new ArrayList<>(deliveries);
    for (int i = 0; i < deliveries; i++) {
      if (i >= outcomes.size()) {
        result.add(Outcome.retry());
      } else {
        result.add(outcomes.get(i) instanceof Outcome outcome ? outcome : null);
      }
    }
    return new Aligned(Collections.unmodifiableList(result), outcomes.size() != deliveries);
  }

  /** The same {@code outcome} for each of {@code deliveries} deliveries. */
  static Aligned each(Outcome outcome, int deliveries) {
    return new Aligned(Collections.nCopies(deliveries, outcome), false);
  }

  /**
   * Outcomes lined up with deliveries.
   *
   * @param outcomes one per delivery, in order; {@code null} where the method gave no usable
   *     outcome
   * @param mismatch whether the method returned a list of another length than the batch
   */
  record Aligned(List<Outcome> outcomes, boolean mismatch) {}
}
