package dev.warren.internal.asyncapi;

import dev.warren.internal.codec.JsonbCodec;
import dev.warren.internal.config.ConnectionSettings;
import dev.warren.internal.model.BrokerVersion;
import dev.warren.internal.model.ConsumerModel;
import dev.warren.internal.model.DeploymentModel;
import dev.warren.internal.model.PublicationModel;
import dev.warren.spi.Codec;
import java.util.List;

/**
 * What the document is built from.
 *
 * @param consumers the consumers, enabled or not
 * @param publications the declared publications
 * @param title the document's title
 * @param version the application API's version
 * @param connection where the broker is (never its password)
 * @param retryCountHeader the header Warren counts classic attempts in
 * @param contentType the codec's content type
 * @param codec the application's own codec class, {@code null} when payloads are JSON-B
 * @param brokerVersion the broker's version, which decides the quorum queues' declared arguments
 */
record AsyncApiSource(
    List<ConsumerModel> consumers,
    List<PublicationModel> publications,
    String title,
    String version,
    ConnectionSettings connection,
    String retryCountHeader,
    String contentType,
    String codec,
    BrokerVersion brokerVersion) {

  /** The source of a deployed application whose payloads {@code codec} encodes (may be null). */
  static AsyncApiSource of(DeploymentModel deployment, Codec codec) {
    boolean jsonb = codec == null || codec instanceof JsonbCodec;
    return new AsyncApiSource(
        deployment.consumers(),
        deployment.publications(),
        deployment.asyncApi().title(),
        deployment.asyncApi().version(),
        deployment.global().connection(),
        deployment.global().retryCountHeader(),
        jsonb ? "application/json" : codec.contentType(),
        jsonb ? null : beanClass(codec),
        deployment.brokerVersion());
  }

  /** The codec's class, without the CDI container's client proxy suffix. */
  private static String beanClass(Codec codec) {
    String name = codec.getClass().getName();
    int proxy = name.indexOf("$Proxy$");
    return proxy < 0 ? name : name.substring(0, proxy);
  }
}
