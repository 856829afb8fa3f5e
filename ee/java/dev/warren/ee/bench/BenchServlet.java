package dev.warren.ee.bench;

import dev.warren.ee.support.Percentile;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.UUID;

/**
 * {@code GET /outbox-bench?mode=plain|outbox&n=N}: runs N transactions of that kind one after the
 * other on the request's thread, waits until all N messages arrived, and answers one line: {@code
 * mode n nanos arrived p50 p99 max} (the delays in microseconds, outbox mode only).
 */
@WebServlet("/outbox-bench")
public class BenchServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  @Inject transient BenchTransactions transactions;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String mode = request.getParameter("mode");
    int n = Integer.parseInt(request.getParameter("n"));
    Arrivals.clear();
    long start = System.nanoTime();
    try {
      for (int i = 0; i < n; i++) {
        String id = UUID.randomUUID().toString();
        if ("outbox".equals(mode)) {
          transactions.outbox(id);
        } else {
          transactions.plain(id);
        }
      }
    } catch (java.sql.SQLException e) {
      throw new IOException(e);
    }
    long nanos = System.nanoTime() - start;
    long deadline = System.nanoTime() + 120_000_000_000L;
    while (Arrivals.arrived() < n && System.nanoTime() < deadline) {
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    List<Long> delays = Arrivals.delaysMicros();
    response.setContentType("text/plain");
    response
        .getWriter()
        .print(
            mode
                + " "
                + n
                + " "
                + nanos
                + " "
                + Arrivals.arrived()
                + " "
                + Percentile.of(delays, 50)
                + " "
                + Percentile.of(delays, 99)
                + " "
                + Percentile.of(delays, 100));
  }
}
