package dev.warren.it.support;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/** Chains of stages (a publish or request made from another's callback), started and awaited. */
public final class Chains {

  private Chains() {}

  /**
   * Starts {@code count} chains on an application thread of their own and waits for all of them,
   * each wait bounded: a hang fails the test, saying how far it got.
   */
  public static List<CompletableFuture<?>> startAndAwait(
      String what, int count, IntFunction<CompletionStage<?>> chain) throws Exception {
    List<CompletableFuture<?>> chains = new CopyOnWriteArrayList<>();
    Thread starter =
        new Thread(
            () -> {
              for (int i = 0; i < count; i++) {
                chains.add(chain.apply(i).toCompletableFuture());
              }
            },
            "chain-starter");
    starter.setDaemon(true);
    starter.start();
    starter.join(60_000);
    if (starter.isAlive()) {
      long done = chains.stream().filter(CompletableFuture::isDone).count();
      starter.interrupt(); // it waits in a publish that cannot go on
      throw new AssertionError(
          what
              + ": the application thread still waited to start chain "
              + (chains.size() + 1)
              + " of "
              + count
              + " after 60 s; "
              + done
              + " completed");
    }
    try {
      CompletableFuture.allOf(chains.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      long done = chains.stream().filter(CompletableFuture::isDone).count();
      throw new AssertionError(what + ": " + done + " of " + count + " completed within 60 s", e);
    }
    return chains;
  }
}
