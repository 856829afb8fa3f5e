package dev.warren.internal.ee;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Outside a server (no JNDI): what the setting does. The servers are tested in the EE suites. */
class ManagedThreadsTest {

  @Test
  void noneMeansPlainThreads() {
    List<String> problems = new ArrayList<>();

    ThreadSource threads = ManagedThreads.resolve("none", null, problems::add);

    assertThat(threads.isManaged()).isFalse();
    assertThat(problems).isEmpty();
  }

  @Test
  void aConfiguredFactoryThatIsNotThereIsADeploymentProblem() {
    List<String> problems = new ArrayList<>();

    ThreadSource threads =
        ManagedThreads.resolve("java:app/concurrent/Missing", null, problems::add);

    assertThat(threads.isManaged()).isFalse();
    assertThat(problems)
        .singleElement()
        .asString()
        .startsWith("WARREN-200 ")
        .contains("'java:app/concurrent/Missing'", "'warren.managed-thread-factory'", "'none'");
  }
}
