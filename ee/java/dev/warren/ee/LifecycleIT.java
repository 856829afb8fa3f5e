package dev.warren.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.warren.ee.lifecycle.Broken;
import dev.warren.ee.lifecycle.Cycle;
import dev.warren.ee.lifecycle.InEar;
import dev.warren.ee.lifecycle.Slow;
import dev.warren.ee.lifecycle.ThreadsProbe;
import dev.warren.ee.support.EeBroker;
import dev.warren.ee.support.Poll;
import dev.warren.ee.support.Servers;
import dev.warren.ee.support.Wars;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Deploying, failing, undeploying and stopping, driven from the test JVM on a server this class
 * starts itself (Arquillian's manual mode): the last test stops the server under load.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LifecycleIT {

  static final Duration WAIT = Duration.ofSeconds(30);
  static final String CYCLE = Cycle.QUEUE;
  static final String MISSING = Broken.QUEUE;
  static final String EAR = InEar.QUEUE;
  static final String INFLIGHT = Slow.QUEUE;
  static final String INFLIGHT_DONE = Slow.DONE;

  @ArquillianResource ContainerController containers;
  @ArquillianResource Deployer deployer;

  @Deployment(name = "probe", managed = false, testable = false)
  static WebArchive probe() {
    return ShrinkWrap.create(WebArchive.class, "probe.war").addClass(ThreadsProbe.class);
  }

  @Deployment(name = "cycle", managed = false, testable = false)
  static WebArchive cycle() {
    return Wars.war("cycle", Map.of("warren.connection-name", "warren-ee-cycle"), Cycle.class);
  }

  @Deployment(name = "broken", managed = false, testable = false)
  static WebArchive broken() {
    return Wars.war("broken", Map.of(), Broken.class);
  }

  @Deployment(name = "ear", managed = false, testable = false)
  static EnterpriseArchive ear() {
    JavaArchive consumers =
        ShrinkWrap.create(JavaArchive.class, "consumers.jar")
            .addClass(InEar.class)
            .addAsManifestResource(EmptyAsset.INSTANCE, "beans.xml")
            .addAsManifestResource(
                new StringAsset(Wars.properties(Map.of("warren.connection-name", "warren-ee-ear"))),
                "microprofile-config.properties");
    return ShrinkWrap.create(EnterpriseArchive.class, "two-modules.ear")
        .addAsLibraries(Wars.libraries())
        .addAsLibraries(consumers)
        .addAsModule(webModule("one"))
        .addAsModule(webModule("two"));
  }

  private static Archive<?> webModule(String name) {
    return ShrinkWrap.create(WebArchive.class, name + ".war")
        .addAsWebInfResource(EmptyAsset.INSTANCE, "beans.xml")
        .addAsWebResource(new StringAsset(name), "index.txt");
  }

  @Deployment(name = "inflight", managed = false, testable = false)
  static WebArchive inflight() {
    return Wars.war("inflight", Map.of("warren.shutdown-timeout", "10s"), Slow.class);
  }

  /** Starts the server (once) and the thread probe. */
  private void serverUp() {
    if (!containers.isStarted(Servers.container())) {
      Servers.forgetLibertyApps();
      containers.start(Servers.container());
      deployer.deploy("probe");
    }
  }

  @Test
  @Order(1)
  void aDeploymentWithAMissingQueueFailsAndSaysWhy() {
    serverUp();
    EeBroker.deleteQueues(MISSING);
    try {
      deployer.deploy("broken");
      deployer.undeploy("broken");
      fail("the deployment succeeded, but queue '" + MISSING + "' does not exist");
    } catch (Exception e) { // Arquillian's DeploymentException is thrown as it is, unchecked
      String text = chain(e);
      assertTrue(text.contains("WARREN-016"), text);
      assertTrue(text.contains("'" + MISSING + "'"), text);
    }
    assertNoWarrenThreads();
  }

  private static String chain(Throwable e) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      text.append(t).append('\n');
    }
    return text.toString();
  }

  @Test
  @Order(2)
  void threeDeployCyclesLeaveNoThreadAndNoConnectionBehind() {
    serverUp();
    EeBroker.freshQueues(Map.of(), CYCLE);
    for (int cycle = 1; cycle <= 3; cycle++) {
      deployer.deploy("cycle");
      String body = "cycle-" + cycle;
      EeBroker.publish(CYCLE, body);
      Poll.until(body + " consumed", WAIT, () -> EeBroker.ready(CYCLE) == 0);
      assertEquals(1, EeBroker.consumers(CYCLE), "cycle " + cycle);
      // a consumer and nothing that publishes: only the consumers' connection
      assertEquals(1, EeBroker.connectionsNamed("warren-ee-cycle-consumers"), "cycle " + cycle);
      assertEquals(0, EeBroker.connectionsNamed("warren-ee-cycle-publisher"), "cycle " + cycle);

      deployer.undeploy("cycle");
      Poll.until("no consumer after cycle " + cycle, WAIT, () -> EeBroker.consumers(CYCLE) == 0);
      Poll.until(
          "no connection after cycle " + cycle,
          WAIT,
          () -> EeBroker.connectionsNamed("warren-ee-cycle-consumers") == 0);
      assertNoWarrenThreads();
    }
    EeBroker.deleteQueues(CYCLE);
  }

  /** Neither Warren's threads nor the RabbitMQ client's are left in the server. */
  private static void assertNoWarrenThreads() {
    List<List<String>> seen = new java.util.ArrayList<>(List.of(List.of()));
    try {
      Poll.until(
          "no Warren or AMQP thread in the server",
          WAIT,
          () -> {
            List<String> left =
                threads().stream()
                    .filter(
                        name -> name.startsWith("warren-") || name.startsWith("AMQP Connection"))
                    .toList();
            seen.set(0, left);
            return left.isEmpty() ? Boolean.TRUE : null;
          });
    } catch (AssertionError e) {
      throw new AssertionError("threads left in the server: " + seen.get(0), e);
    }
  }

  private static List<String> threads() {
    try {
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(Servers.httpBase() + "probe/threads")).build(),
                  HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("probe answered " + response.statusCode());
      }
      return response.body().lines().toList();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  @Order(3)
  void anEarWithTwoModulesStartsItsConsumerOnceAndStopsItOnce() {
    serverUp();
    EeBroker.freshQueues(Map.of(), EAR);

    EeBroker.freshQueues(Map.of(), InEar.REPORTS);

    deployer.deploy("ear");
    EeBroker.publish(EAR, "to-the-ear");
    Poll.until("consumed", WAIT, () -> EeBroker.ready(EAR) == 0);
    assertEquals(1, EeBroker.consumers(EAR), "one consumer, though two modules started");
    // Liberty validates an EAR with its context, WildFly without any module's java:comp (and
    // announces the EAR's application scope once, without one either): there, Warren's threads are
    // plain, as its startup line WARREN-201 says
    String report =
        Poll.until(
            "the handler's report",
            WAIT,
            () -> EeBroker.bodies(EeBroker.drain(InEar.REPORTS)).stream().findFirst().orElse(null));
    assertEquals(
        "warren-ee.ear-1 java:comp=" + (Servers.liberty() ? "found" : "NameNotFoundException"),
        report);
    assertEquals(1, EeBroker.connectionsNamed("warren-ee-ear-consumers"));
    assertEquals(1, EeBroker.connectionsNamed("warren-ee-ear-publisher"));

    deployer.undeploy("ear");
    Poll.until("no consumer", WAIT, () -> EeBroker.consumers(EAR) == 0);
    Poll.until(
        "no connection",
        WAIT,
        () ->
            EeBroker.connectionsNamed("warren-ee-ear-consumers")
                    + EeBroker.connectionsNamed("warren-ee-ear-publisher")
                == 0);
    assertNoWarrenThreads();
    EeBroker.deleteQueues(EAR, InEar.REPORTS);
  }

  @Test
  @Order(4)
  void stoppingTheServerWithDeliveriesInFlightLosesNothing() {
    serverUp();
    EeBroker.freshQueues(Map.of(), INFLIGHT, INFLIGHT_DONE);
    deployer.deploy("inflight");
    Set<String> all =
        IntStream.rangeClosed(1, 40).mapToObj(i -> "m" + i).collect(Collectors.toSet());
    all.forEach(body -> EeBroker.publish(INFLIGHT, body));
    Poll.until("some handled", WAIT, () -> EeBroker.ready(INFLIGHT_DONE) >= 4);

    containers.stop(Servers.container());
    Servers.forgetLibertyApps();

    // every message was handled (its record is in the done queue) or is still in its queue
    Set<String> accounted = new HashSet<>(EeBroker.bodies(EeBroker.drain(INFLIGHT_DONE)));
    int handled = accounted.size();
    accounted.addAll(EeBroker.bodies(EeBroker.drain(INFLIGHT)));
    assertEquals(all, accounted, "handled " + handled + " before the stop");
    assertTrue(handled < all.size(), "the stop came while deliveries were in flight");
    EeBroker.deleteQueues(INFLIGHT, INFLIGHT_DONE);
  }
}
