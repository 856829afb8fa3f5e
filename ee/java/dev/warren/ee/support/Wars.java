package dev.warren.ee.support;

import java.io.File;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.EmptyAsset;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Builds test applications the way users package Warren: a WAR whose {@code WEB-INF/lib} holds the
 * Warren jar that the root build installed, amqp-client and slf4j-api (the servers provide CDI,
 * MicroProfile Config and JSON-B), its classes in {@code WEB-INF/classes}, and a {@code
 * META-INF/microprofile-config.properties} pointing Warren at the test broker. Runs in the test JVM
 * (Arquillian's {@code @Deployment} methods), where the build passes the jars' paths.
 */
public final class Wars {

  private Wars() {}

  /** A WAR named {@code name}.war with {@code classes} and {@code config} (plus the broker). */
  public static WebArchive war(String name, Map<String, String> config, Class<?>... classes) {
    return ShrinkWrap.create(WebArchive.class, name + ".war")
        .addClasses(classes)
        .addClasses(EeBroker.class, Poll.class)
        .addAsLibraries(libraries())
        .addAsResource(
            new StringAsset(properties(config)), "META-INF/microprofile-config.properties")
        .addAsWebInfResource(EmptyAsset.INSTANCE, "beans.xml");
  }

  /** Warren, amqp-client and slf4j-api, as the build resolved them. */
  public static JavaArchive[] libraries() {
    return new JavaArchive[] {jar("warren.jar"), jar("amqp-client.jar"), jar("slf4j-api.jar")};
  }

  private static JavaArchive jar(String property) {
    String path = System.getProperty(property);
    if (path == null || !new File(path).isFile()) {
      throw new IllegalStateException(
          "system property '" + property + "' names no jar (" + path + "): run the ee build");
    }
    File file = new File(path);
    return ShrinkWrap.createFromZipFile(JavaArchive.class, file);
  }

  /** The application's config: the broker, then {@code config}. */
  public static String properties(Map<String, String> config) {
    Map<String, String> all = new TreeMap<>();
    all.put("warren.uri", EeBroker.uri());
    all.put(EeBroker.PORT_PROPERTY, Integer.toString(EeBroker.port()));
    all.put("warren.shutdown-timeout", "5s");
    all.putAll(config);
    return all.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("\n", "", "\n"));
  }
}
