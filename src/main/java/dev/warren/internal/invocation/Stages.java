package dev.warren.internal.invocation;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/** What a consumer method's {@code CompletionStage} comes to, for both interpretations. */
final class Stages {

  private Stages() {}

  /**
   * What {@code returned}, a stage the method returned, comes to once it completes: {@code value}
   * applied to its value, or {@code failed} to the failure behind its completion wrappers (also
   * when the method returned no stage at all).
   */
  static <R> CompletionStage<R> whenDone(
      Object returned,
      Function<Object, CompletionStage<R>> value,
      Function<Throwable, CompletionStage<R>> failed) {
    if (returned == null) {
      return failed.apply(new IllegalStateException("the method returned a null stage"));
    }
    return ((CompletionStage<?>) returned)
        .handle((v, error) -> error == null ? value.apply(v) : failed.apply(unwrap(error)))
        .thenCompose(stage -> stage);
  }

  private static Throwable unwrap(Throwable error) {
    Throwable t = error;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
