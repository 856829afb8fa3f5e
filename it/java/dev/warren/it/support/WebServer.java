package dev.warren.it.support;

import io.undertow.Handlers;
import io.undertow.Undertow;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import io.undertow.servlet.api.ServletContainerInitializerInfo;
import io.undertow.servlet.util.ImmediateInstanceFactory;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * A web application on Undertow (WildFly's servlet container) on a free port of 127.0.0.1, with the
 * {@code ServletContainerInitializer}s every jar on the class path registers in {@code
 * META-INF/services}, as a container finds them in {@code WEB-INF/lib}. No servlets of its own.
 */
public final class WebServer implements AutoCloseable {

  private final Undertow server;
  private final DeploymentManager manager;
  private final String url;
  private final List<String> initializers;

  private WebServer(
      Undertow server, DeploymentManager manager, String url, List<String> initializers) {
    this.server = server;
    this.manager = manager;
    this.url = url;
    this.initializers = initializers;
  }

  /** Starts the application at {@code contextPath} (e.g. {@code /shop}). */
  public static WebServer start(String contextPath) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    DeploymentInfo deployment =
        Servlets.deployment()
            .setClassLoader(loader)
            .setContextPath(contextPath)
            .setDeploymentName("warren-it.war");
    List<String> initializers = new ArrayList<>();
    for (ServletContainerInitializer initializer :
        ServiceLoader.load(ServletContainerInitializer.class, loader)) {
      initializers.add(initializer.getClass().getName());
      deployment.addServletContainerInitializer(
          new ServletContainerInitializerInfo(
              initializer.getClass(), new ImmediateInstanceFactory<>(initializer), Set.of()));
    }
    DeploymentManager manager = Servlets.defaultContainer().addDeployment(deployment);
    manager.deploy();
    Undertow server;
    try {
      server =
          Undertow.builder()
              .addHttpListener(0, "127.0.0.1")
              .setHandler(Handlers.path().addPrefixPath(contextPath, manager.start()))
              .build();
    } catch (ServletException e) {
      throw new IllegalStateException(e);
    }
    server.start();
    int port = ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
    return new WebServer(server, manager, "http://127.0.0.1:" + port + contextPath, initializers);
  }

  /** The application's base URL, e.g. {@code http://127.0.0.1:41234/shop}. */
  public String url() {
    return url;
  }

  /** The initializers found and started. */
  public List<String> initializers() {
    return initializers;
  }

  @Override
  public void close() {
    server.stop();
    try {
      manager.stop();
    } catch (ServletException e) {
      throw new IllegalStateException(e);
    }
    manager.undeploy();
  }
}
