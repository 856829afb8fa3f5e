package dev.warren.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;

/** The raw client's bookkeeping of outstanding publishes by sequence number. */
final class Confirms {

  private Confirms() {}

  /**
   * Removes what one confirm (ack or nack) covers: the message {@code tag}, or with {@code
   * multiple} every one up to it.
   *
   * @return what was kept for the removed messages, in sequence order
   */
  static <V> List<V> settle(
      ConcurrentNavigableMap<Long, V> outstanding, long tag, boolean multiple) {
    if (!multiple) {
      V value = outstanding.remove(tag);
      return value == null ? List.of() : List.of(value);
    }
    List<V> settled = new ArrayList<>();
    ConcurrentNavigableMap<Long, V> upTo = outstanding.headMap(tag, true);
    for (Map.Entry<Long, V> entry = upTo.pollFirstEntry();
        entry != null;
        entry = upTo.pollFirstEntry()) {
      settled.add(entry.getValue());
    }
    return settled;
  }
}
