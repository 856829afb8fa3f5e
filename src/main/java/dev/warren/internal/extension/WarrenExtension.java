package dev.warren.internal.extension;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.warren.RabbitConsumer;
import dev.warren.internal.codec.JsonbCodec;
import dev.warren.internal.codec.PayloadDecoder;
import dev.warren.internal.config.AsyncApiSettings;
import dev.warren.internal.config.ConnectionSettings;
import dev.warren.internal.config.GlobalSettings;
import dev.warren.internal.config.UnknownKeys;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.ee.ManagedThreads;
import dev.warren.internal.ee.OptionalApis;
import dev.warren.internal.ee.ThreadSource;
import dev.warren.internal.health.WarrenLiveness;
import dev.warren.internal.health.WarrenReadiness;
import dev.warren.internal.inbox.IdempotentInterceptor;
import dev.warren.internal.inbox.Inbox;
import dev.warren.internal.interceptor.Interpreted;
import dev.warren.internal.interceptor.OutcomeInterceptor;
import dev.warren.internal.invocation.FailureMappers;
import dev.warren.internal.logging.DeclarationMessages;
import dev.warren.internal.logging.InterceptorMessages;
import dev.warren.internal.logging.StartupMessages;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.ConsumerTimeouts;
import dev.warren.internal.model.DeploymentModel;
import dev.warren.internal.runtime.Deployed;
import dev.warren.internal.runtime.RabbitResources;
import dev.warren.internal.runtime.WarrenRuntime;
import dev.warren.internal.telemetry.Telemetry;
import dev.warren.internal.topology.Topology;
import dev.warren.spi.Codec;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Default;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.BeforeBeanDiscovery;
import jakarta.enterprise.inject.spi.BeforeShutdown;
import jakarta.enterprise.inject.spi.DeploymentException;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.InterceptionType;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.ProcessBean;
import jakarta.enterprise.inject.spi.ProcessInjectionPoint;
import jakarta.enterprise.inject.spi.ProcessManagedBean;
import jakarta.enterprise.inject.spi.ProcessObserverMethod;
import jakarta.enterprise.inject.spi.WithAnnotations;
import jakarta.enterprise.inject.spi.configurator.AnnotatedMethodConfigurator;
import jakarta.enterprise.util.AnnotationLiteral;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Warren's portable extension. Lifecycle: {@link #registerBeans} adds Warren's own beans and its
 * interceptor (at the configured priority) whatever the discovery mode; {@link #bindInterceptor}
 * binds the interceptor to every {@link RabbitConsumer} method; {@link #collectConsumers} records
 * every consumer method and {@link #collectPublications} every {@link dev.warren.Publishes}
 * declaration; {@link #validate} builds the consumer models, checks config, shapes and the broker,
 * and reports every problem in one {@link DeploymentException}; {@link #start} starts the consumers
 * once the application scope is up; {@link #stop} shuts them down gracefully.
 */
public class WarrenExtension implements Extension {

  private static final Logger LOG = Logger.getLogger(WarrenExtension.class.getName());
  private static final long OUTBOX_STOP_SECONDS = 10;

  private final List<DiscoveredConsumer> discovered = new ArrayList<>();
  private final List<String> discoveryProblems = new ArrayList<>();
  private final Publications publications = new Publications();
  private final RequestScopeUse requestScope = new RequestScopeUse();
  private boolean applicationConnection;
  private boolean applicationChannel;
  private final ClientUse clients = new ClientUse();
  private final OutboxUse outbox = new OutboxUse();
  private final Deployed deployed = new Deployed();
  private final IdempotentConsumers idempotent = new IdempotentConsumers();
  private volatile List<ConsumerModel> models = List.of();

  void registerBeans(@Observes BeforeBeanDiscovery event, BeanManager beanManager) {
    event.addAnnotatedType(
        beanManager.createAnnotatedType(RabbitResources.class), RabbitResources.class.getName());
    // the interceptor that interprets outcomes, at the priority the application chose
    int priority =
        new WarrenConfig(ConfigProvider.getConfig(), discoveryProblems::add).interceptorPriority();
    event
        .addAnnotatedType(OutcomeInterceptor.class, OutcomeInterceptor.class.getName())
        .remove(annotation -> annotation instanceof Priority)
        .add(new PriorityLiteral(priority));
    // the inbox's interceptor, bound by @Idempotent only
    event.addAnnotatedType(
        beanManager.createAnnotatedType(IdempotentInterceptor.class),
        IdempotentInterceptor.class.getName());
    registerHealthChecks(event, beanManager);
  }

  /**
   * Readiness and liveness checks, only when the MicroProfile Health API is there (its classes are
   * never loaded otherwise) and {@code warren.health.enabled} is not {@code false}.
   */
  private void registerHealthChecks(BeforeBeanDiscovery event, BeanManager beanManager) {
    if (!OptionalApis.present(OptionalApis.HEALTH)
        || !new WarrenConfig(ConfigProvider.getConfig(), discoveryProblems::add).healthEnabled()) {
      return;
    }
    event.addAnnotatedType(
        beanManager.createAnnotatedType(WarrenReadiness.class), WarrenReadiness.class.getName());
    event.addAnnotatedType(
        beanManager.createAnnotatedType(WarrenLiveness.class), WarrenLiveness.class.getName());
  }

  /**
   * Binds Warren's interceptor to every consumer method of a discovered type (scanned, or added by
   * an extension), so that it interprets the method's outcomes whatever the discovery mode. A
   * method that cannot be intercepted (final, or in a final class) stays unbound and is reported at
   * validation; non-public and static methods are reported by their shape.
   */
  <T> void bindInterceptor(
      @Observes @WithAnnotations(RabbitConsumer.class) ProcessAnnotatedType<T> event) {
    Class<T> type = event.getAnnotatedType().getJavaClass();
    for (AnnotatedMethodConfigurator<? super T> method : event.configureAnnotatedType().methods()) {
      if (method.getAnnotated().isAnnotationPresent(RabbitConsumer.class)
          && Interception.obstacle(type, method.getAnnotated().getJavaMember()) == null) {
        method.add(Interpreted.Literal.INSTANCE);
      }
    }
  }

  <T> void collectConsumers(@Observes ProcessManagedBean<T> event) {
    for (AnnotatedMethod<? super T> method : event.getAnnotatedBeanClass().getMethods()) {
      RabbitConsumer annotation = method.getAnnotation(RabbitConsumer.class);
      if (annotation != null) {
        discovered.add(
            new DiscoveredConsumer(
                event.getBean(),
                method.getJavaMember(),
                annotation,
                method.isAnnotationPresent(Interpreted.class)));
      }
    }
  }

  <T> void collectIdempotent(@Observes ProcessManagedBean<T> event) {
    idempotent.collect(event.getAnnotatedBeanClass());
  }

  <T> void collectPublications(@Observes ProcessManagedBean<T> event) {
    publications.collect(event.getAnnotatedBeanClass());
  }

  <T> void noticeRequestScope(@Observes ProcessBean<T> event) {
    requestScope.bean(event.getBean());
  }

  /** Whether the application has a {@code @Default} bean of the client's own types. */
  <T> void noticeClientBeans(@Observes ProcessBean<T> event) {
    Bean<T> bean = event.getBean();
    if (bean.getQualifiers().contains(Default.Literal.INSTANCE)) {
      applicationConnection |= bean.getTypes().contains(Connection.class);
      applicationChannel |= bean.getTypes().contains(Channel.class);
    }
  }

  /**
   * {@link Deployed}, through which Warren's own beans (the injectable client, the AsyncAPI
   * document, the health checks) reach the runtime and the deployment model: one instance, filled
   * at {@link #validate}.
   */
  void addDeployed(@Observes AfterBeanDiscovery event) {
    event
        .addBean()
        .beanClass(Deployed.class)
        .types(Deployed.class, Object.class)
        .qualifiers(Default.Literal.INSTANCE, Any.Literal.INSTANCE)
        .scope(Dependent.class)
        .createWith(context -> deployed);
    // the inbox of @Idempotent consumers, which their interceptor injects: prepared at validate
    event
        .addBean()
        .beanClass(Inbox.class)
        .types(Inbox.class, Object.class)
        .qualifiers(Default.Literal.INSTANCE, Any.Literal.INSTANCE)
        .scope(Dependent.class)
        .createWith(context -> idempotent.inbox());
  }

  /**
   * The unqualified {@code Connection} and {@code Channel} are Warren's only where the application
   * has none of its own: an application that produces its own connection (common when migrating)
   * keeps it unqualified, and takes Warren's with {@code @Warren}.
   */
  void addClientBeans(@Observes AfterBeanDiscovery event) {
    if (!applicationConnection) {
      event
          .addBean()
          .beanClass(RabbitResources.class)
          .types(Connection.class, Object.class)
          .qualifiers(Default.Literal.INSTANCE, Any.Literal.INSTANCE)
          .scope(Dependent.class)
          .createWith(context -> RabbitResources.connection(deployed.runtime()));
    }
    if (!applicationChannel) {
      event
          .addBean()
          .beanClass(RabbitResources.class)
          .types(Channel.class, Object.class)
          .qualifiers(Default.Literal.INSTANCE, Any.Literal.INSTANCE)
          .scope(Dependent.class)
          .createWith(context -> RabbitResources.channel(deployed.runtime()))
          .destroyWith((channel, context) -> RabbitResources.closeChannel((Channel) channel));
    }
  }

  <T, X> void noticeClients(@Observes ProcessInjectionPoint<T, X> event) {
    clients.injectionPoint(event.getInjectionPoint().getType());
    outbox.injectionPoint(event.getInjectionPoint());
  }

  <T, X> void noticeRequestScope(@Observes ProcessObserverMethod<T, X> event) {
    requestScope.observer(
        event.getObserverMethod().getObservedType(),
        event.getObserverMethod().getObservedQualifiers());
  }

  void validate(@Observes AfterDeploymentValidation event, BeanManager beanManager) {
    List<String> problems = new ArrayList<>(discoveryProblems);
    if (!discovered.isEmpty()
        && beanManager
            .resolveInterceptors(InterceptionType.AROUND_INVOKE, Interpreted.Literal.INSTANCE)
            .isEmpty()) {
      problems.add(InterceptorMessages.interceptorDisabled());
    }
    WarrenConfig config = new WarrenConfig(ConfigProvider.getConfig(), problems::add);
    GlobalSettings global = config.global("warren");
    AsyncApiSettings asyncApi = config.asyncApi(global.connection().connectionName());
    List<String> consumerTimeoutWarnings = new ArrayList<>();
    List<ConsumerModel> built =
        ConsumerModels.build(
            discovered, config, global, problems::add, LOG::warning, consumerTimeoutWarnings::add);
    boolean strict = config.strict();
    List<String> names = discovered.stream().map(DiscoveredConsumer::name).toList();
    for (String unknown : UnknownKeys.find(config.propertyNames(), names, strict)) {
      if (strict) {
        problems.add(unknown);
      } else {
        LOG.warning(unknown);
      }
    }
    problems.addAll(FailureMappers.duplicates(beanManager));
    // the application's EE context is there now, on WildFly and Liberty alike: capture it for
    // every thread Warren and the client will start
    ThreadSource threads =
        ManagedThreads.resolve(global.managedThreadFactory(), beanManager, problems::add);
    idempotent.validate(built, config, threads, problems::add);
    Telemetry telemetry = Telemetries.resolve(config.telemetryEnabled(), beanManager);
    WarrenRuntime candidate =
        new WarrenRuntime(global, resolveCodec(built, beanManager, problems), threads, telemetry);
    outbox.validate(config, global, candidate, threads, telemetry, deployed, problems::add);
    List<ConsumerModel> enabled = built.stream().filter(ConsumerModel::enabled).toList();
    // never connect with settings the user did not give (an invalid warren.uri falls back to
    // nothing); connect when anything of Warren's will: consumers, or an injected client
    BrokerVersion version =
        config.connectionInvalid() || enabled.isEmpty() && !clients.used()
            ? BrokerVersion.UNKNOWN
            : checkBroker(candidate, enabled, global.connection(), problems);
    if (!ConsumerTimeouts.nodeTimeoutReplaced(version)) {
      // from RabbitMQ 4.3 on no consumer with a handler-timeout meets the node's consumer_timeout
      consumerTimeoutWarnings.forEach(LOG::warning);
    }
    deployed.runtime(candidate);
    if (!problems.isEmpty()) {
      candidate.stop();
      event.addDeploymentProblem(
          new DeploymentException(StartupMessages.deploymentFailed(problems)));
      return;
    }
    models = built;
    deployed.deployment(
        new DeploymentModel(built, publications.models(), global, asyncApi, version));
  }

  void start(
      @Observes @Initialized(ApplicationScoped.class) Object ignored, BeanManager beanManager)
      throws IOException, TimeoutException {
    deployed.runtime().start(models, beanManager, requestScope.used());
    idempotent.start();
    outbox.start(deployed);
  }

  void stop(@Observes @BeforeDestroyed(ApplicationScoped.class) Object ignored) {
    stopRuntime();
  }

  void stop(@Observes BeforeShutdown ignored) {
    stopRuntime();
  }

  private void stopRuntime() {
    // the relay's last pass first: its confirms need Warren's connection
    OutboxUse.stop(deployed, OUTBOX_STOP_SECONDS);
    idempotent.stop();
    WarrenRuntime current = deployed.runtime();
    if (current != null) {
      current.stop();
    }
  }

  /** The runtime, for the test kit (Warren's own beans inject {@link Deployed}). */
  public WarrenRuntime runtime() {
    return deployed.runtime();
  }

  /** What deployment validation accepted, for the test kit. */
  public DeploymentModel deployment() {
    return deployed.deployment();
  }

  /**
   * Declares or checks every consumer's topology, on the consumers' connection (the publishing one
   * when there are no consumers, to check the broker for an injected client); the broker's version,
   * or unknown.
   */
  private static BrokerVersion checkBroker(
      WarrenRuntime runtime,
      List<ConsumerModel> models,
      ConnectionSettings settings,
      List<String> problems) {
    Connection connection;
    try {
      connection = models.isEmpty() ? runtime.connection() : runtime.consumerConnection();
    } catch (IOException | TimeoutException | RuntimeException e) {
      problems.add(ConnectFailure.describe(e, settings));
      return BrokerVersion.UNKNOWN;
    }
    try (Topology topology =
        new Topology(connection, runtime::probe, settings.virtualHost(), settings.username())) {
      LOG.info(
          () ->
              "Warren is connected to RabbitMQ "
                  + topology.version()
                  + " at "
                  + settings.where()
                  + ": "
                  + topology.version().behaviour());
      for (ConsumerModel model : models) {
        problems.addAll(topology.prepare(model, LOG::warning));
      }
      return topology.version();
    }
  }

  /** {@code @Priority(value)}, for Warren's interceptor. */
  private static final class PriorityLiteral extends AnnotationLiteral<Priority>
      implements Priority {
    private static final long serialVersionUID = 1L;
    private final int value;

    PriorityLiteral(int value) {
      this.value = value;
    }

    @Override
    public int value() {
      return value;
    }
  }

  /**
   * The application's codec bean, else JSON-B; {@code null} when neither is available, which is a
   * problem only if a consumer needs a codec (a publisher then fails such payloads clearly).
   */
  private static Codec resolveCodec(
      List<ConsumerModel> models, BeanManager beanManager, List<String> problems) {
    Set<Bean<?>> beans = beanManager.getBeans(Codec.class, Any.Literal.INSTANCE);
    if (beans.size() > 1) {
      problems.add(
          DeclarationMessages.ambiguousCodec(
              beans.stream()
                  .map(b -> b.getBeanClass().getName())
                  .collect(Collectors.joining(", "))));
      return null;
    }
    if (beans.size() == 1) {
      Bean<?> bean = beans.iterator().next();
      return (Codec)
          beanManager.getReference(bean, Codec.class, beanManager.createCreationalContext(bean));
    }
    try {
      return new JsonbCodec();
    } catch (RuntimeException | LinkageError e) {
      List<String> needing =
          models.stream()
              .filter(
                  m ->
                      PayloadDecoder.needsCodec(m.shape().payloadType())
                          || m.shape().responder()
                              && PayloadDecoder.needsCodec(m.shape().replyType()))
              .map(m -> "'" + m.name() + "'")
              .toList();
      if (!needing.isEmpty()) {
        problems.add(DeclarationMessages.noJsonb(String.join(", ", needing), e.toString()));
      }
      return null;
    }
  }
}
