package dev.warren.internal.publish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The ring of unconfirmed messages, by publish sequence number. */
class UnconfirmedTest {

  @Test
  void aMultipleConfirmCoversEveryNumberUpToItsOwnAndASingleOneOnlyItsOwn() {
    Unconfirmed<String> ring = new Unconfirmed<>(4);
    for (long n = 1; n <= 5; n++) {
      ring.put(n, "m" + n);
    }
    assertThat(ring.covered(3, true)).containsExactly("m1", "m2", "m3");
    assertThat(ring.covered(4, false)).containsExactly("m4");
    assertThat(ring.covered(9, false)).isEmpty();
    assertThat(ring.covered(0, true)).isEmpty();
    assertThat(ring.size()).isEqualTo(5); // covering takes nothing out
  }

  @Test
  void aValueLeavesOnlyFromItsOwnNumberAndOnce() {
    Unconfirmed<String> ring = new Unconfirmed<>(4);
    ring.put(1, "a");
    ring.put(2, "b");
    assertThat(ring.remove(2, "a")).isFalse();
    assertThat(ring.remove(2, "b")).isTrue();
    assertThat(ring.remove(2, "b")).isFalse();
    assertThat(ring.get(2)).isNull();
    assertThat(ring.all()).containsExactly("a");
  }

  @Test
  void anOldMessageLeftUnconfirmedWhileLaterOnesComeAndGoGrowsTheRingAndIsKept() {
    Unconfirmed<String> ring = new Unconfirmed<>(2);
    ring.put(10, "stuck");
    for (long n = 11; n < 100; n++) {
      String message = "m" + n;
      ring.put(n, message);
      assertThat(ring.remove(n, message)).isTrue(); // the very value: kept by identity
    }
    ring.put(100, "m100");
    assertThat(ring.get(10)).isEqualTo("stuck");
    assertThat(ring.all()).containsExactly("stuck", "m100");
    assertThat(ring.covered(99, true)).containsExactly("stuck");
    assertThat(ring.remove(10, "stuck")).isTrue();
    assertThat(ring.all()).containsExactly("m100");
    assertThat(ring.size()).isEqualTo(1);
  }

  @Test
  void outOfOrderRemovalsFromTheMiddleLeaveTheRestInOrder() {
    Unconfirmed<Long> ring = new Unconfirmed<>(8);
    for (long n = 1; n <= 8; n++) {
      ring.put(n, n);
    }
    ring.remove(4L, 4L);
    ring.remove(1L, 1L);
    ring.remove(2L, 2L);
    ring.put(9, 9L); // after the removals, within the ring's first size again
    assertThat(ring.all()).containsExactly(3L, 5L, 6L, 7L, 8L, 9L);
    assertThat(ring.covered(6, true)).containsExactly(3L, 5L, 6L);
  }

  @Test
  void anEmptiedRingTakesTheNextNumberWhereverItIsAndRefusesOnesOutOfOrder() {
    Unconfirmed<String> ring = new Unconfirmed<>(4);
    ring.put(1, "a");
    ring.remove(1, "a");
    ring.put(1_000_000, "b"); // a republish after many numbers went unused here
    assertThat(ring.all()).containsExactly("b");
    assertThatThrownBy(() -> ring.put(999_999, "c")).isInstanceOf(IllegalArgumentException.class);
  }
}
