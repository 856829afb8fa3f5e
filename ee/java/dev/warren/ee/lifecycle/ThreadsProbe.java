package dev.warren.ee.lifecycle;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Lists the names of the server JVM's live threads, one per line. */
@WebServlet("/threads")
public class ThreadsProbe extends HttpServlet {

  private static final long serialVersionUID = 1L;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    response.setContentType("text/plain");
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      response.getWriter().println(thread.getName());
    }
  }
}
