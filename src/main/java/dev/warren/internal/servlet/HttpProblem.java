package dev.warren.internal.servlet;

/**
 * A request the dead letter endpoint answers with an error status and a WARREN message, changing
 * nothing.
 */
final class HttpProblem extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final int status;

  HttpProblem(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  int status() {
    return status;
  }
}
