package dev.warren.internal.logging;

import dev.warren.internal.logging.Message.Level;

/** The messages of area {@link MessageArea#INTERCEPTOR}. */
public final class InterceptorMessages {

  private InterceptorMessages() {}

  public static final Message NOT_INTERCEPTABLE =
      new Message(
          150,
          Level.PROBLEM,
          "consumer '{consumer}' ({method}): Warren's interceptor, which "
              + "interprets what the method returns or throws, cannot be bound to it: "
              + "{why}",
          "fix what the reason names, so that the interceptor can be bound to the method");

  public static String notInterceptable(String consumer, String method, String why) {
    return NOT_INTERCEPTABLE.text(consumer, method, why);
  }

  public static final Message INTERCEPTOR_DISABLED =
      new Message(
          151,
          Level.PROBLEM,
          "Warren's interceptor "
              + "(dev.warren.internal.interceptor.OutcomeInterceptor) is not enabled in "
              + "this deployment, so no consumer's outcome could be interpreted; |a "
              + "portable extension may have vetoed it: let it be");

  public static String interceptorDisabled() {
    return INTERCEPTOR_DISABLED.text();
  }

  public static final Message NOT_INTERCEPTED =
      new Message(
          152,
          Level.THROWN,
          "consumer '{consumer}' ({method}): the method ran without passing "
              + "Warren's interceptor, so Warren cannot tell what it returned or threw, "
              + "and the delivery stays unsettled; |check that no portable extension "
              + "removes the binding or vetoes "
              + "dev.warren.internal.interceptor.OutcomeInterceptor");

  public static String notIntercepted(String consumer, String method) {
    return NOT_INTERCEPTED.text(consumer, method);
  }
}
