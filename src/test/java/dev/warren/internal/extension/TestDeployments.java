package dev.warren.internal.extension;

import dev.warren.RabbitConsumer;
import dev.warren.internal.config.GlobalSettings;
import dev.warren.internal.config.WarrenConfig;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.DeploymentModel;
import dev.warren.internal.model.PublicationModel;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.InjectionPoint;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.Assertions;

/**
 * Test seam: the {@link DeploymentModel} Warren's validation builds for some bean classes and
 * config, without a CDI container or a broker (the models are built by {@link ConsumerModels},
 * exactly as at deployment).
 */
public final class TestDeployments {

  private TestDeployments() {}

  /**
   * The deployment of the {@link RabbitConsumer} methods of {@code beans} with {@code config}
   * (alternating keys and values); fails the test on any deployment problem.
   */
  public static DeploymentModel of(
      List<PublicationModel> publications, Map<String, String> config, Class<?>... beans) {
    List<String> problems = new ArrayList<>();
    DeploymentModel deployment = build(publications, config, problems, beans);
    Assertions.assertThat(problems).as("deployment problems").isEmpty();
    return deployment;
  }

  /**
   * The deployment problems (and, with {@code warnings}, the warnings) the models of {@code beans}
   * with {@code config} come to.
   */
  public static List<String> problems(
      Map<String, String> config, List<String> warnings, Class<?>... beans) {
    List<String> problems = new ArrayList<>();
    build(List.of(), config, problems, warnings, beans);
    return problems;
  }

  private static DeploymentModel build(
      List<PublicationModel> publications,
      Map<String, String> config,
      List<String> problems,
      Class<?>... beans) {
    return build(publications, config, problems, new ArrayList<>(), beans);
  }

  private static DeploymentModel build(
      List<PublicationModel> publications,
      Map<String, String> config,
      List<String> problems,
      List<String> warnings,
      Class<?>... beans) {
    WarrenConfig warren =
        new WarrenConfig(
            new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(config, "test", 100))
                .build(),
            problems::add);
    GlobalSettings global = warren.global("warren");
    List<DiscoveredConsumer> discovered = new ArrayList<>();
    for (Class<?> bean : beans) {
      Method[] methods = bean.getMethods();
      java.util.Arrays.sort(methods, Comparator.comparing(Method::getName));
      for (Method method : methods) {
        RabbitConsumer annotation = method.getAnnotation(RabbitConsumer.class);
        if (annotation != null) {
          discovered.add(new DiscoveredConsumer(new FakeBean(bean), method, annotation, true));
        }
      }
    }
    List<ConsumerModel> models =
        ConsumerModels.build(
            discovered, warren, global, problems::add, warnings::add, warnings::add);
    return new DeploymentModel(
        models,
        publications,
        global,
        warren.asyncApi(global.connection().connectionName()),
        BrokerVersion.parse("3.10.8"));
  }

  /** Only its bean class is ever read. */
  private record FakeBean(Class<?> beanClass) implements Bean<Object> {
    @Override
    public Class<?> getBeanClass() {
      return beanClass;
    }

    @Override
    public Set<InjectionPoint> getInjectionPoints() {
      return Set.of();
    }

    @Override
    public Object create(CreationalContext<Object> context) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void destroy(Object instance, CreationalContext<Object> context) {}

    @Override
    public Set<Type> getTypes() {
      return Set.of(beanClass, Object.class);
    }

    @Override
    public Set<Annotation> getQualifiers() {
      return Set.of();
    }

    @Override
    public Class<? extends Annotation> getScope() {
      return Dependent.class;
    }

    @Override
    public String getName() {
      return null;
    }

    @Override
    public Set<Class<? extends Annotation>> getStereotypes() {
      return Set.of();
    }

    @Override
    public boolean isAlternative() {
      return false;
    }
  }
}
