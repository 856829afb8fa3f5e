package dev.warren.internal.extension;

import static dev.warren.internal.extension.RequestScopeUse.receivesLifecycleEvents;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.context.Destroyed;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Default;
import java.io.Serializable;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestScopeUseTest {

  /** An application event type, which the request context's events never have. */
  record OrderPlaced(String id) {}

  @Test
  void observersNamingTheRequestContextEventsReceiveThem() {
    assertThat(receivesLifecycleEvents(Object.class, Set.of(Initialized.Literal.REQUEST))).isTrue();
    assertThat(
            receivesLifecycleEvents(
                Object.class, Set.of(BeforeDestroyed.Literal.of(RequestScoped.class))))
        .isTrue();
    assertThat(receivesLifecycleEvents(String.class, Set.of(Destroyed.Literal.REQUEST))).isTrue();
  }

  @Test
  void observersOfOtherContextsEventsDoNot() {
    assertThat(receivesLifecycleEvents(Object.class, Set.of(Initialized.Literal.APPLICATION)))
        .isFalse();
    assertThat(
            receivesLifecycleEvents(
                Object.class, Set.of(Destroyed.Literal.of(ApplicationScoped.class))))
        .isFalse();
  }

  @Test
  void unqualifiedObserversOfAPossiblePayloadTypeReceiveThem() {
    assertThat(receivesLifecycleEvents(Object.class, Set.of())).isTrue();
    assertThat(receivesLifecycleEvents(Object.class, Set.of(Any.Literal.INSTANCE))).isTrue();
    assertThat(receivesLifecycleEvents(String.class, Set.of())).isTrue();
    assertThat(receivesLifecycleEvents(Serializable.class, Set.of())).isTrue();
  }

  @Test
  void observersOfApplicationEventsOrOtherQualifiersDoNot() {
    assertThat(receivesLifecycleEvents(OrderPlaced.class, Set.of())).isFalse();
    assertThat(receivesLifecycleEvents(List.class, Set.of())).isFalse();
    assertThat(receivesLifecycleEvents(Object.class, Set.of(Default.Literal.INSTANCE))).isFalse();
  }
}
