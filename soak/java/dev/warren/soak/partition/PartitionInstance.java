package dev.warren.soak.partition;

import dev.warren.Delivery;
import dev.warren.Outcome;
import dev.warren.QueueType;
import dev.warren.RabbitConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.Extension;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ServiceLoader;
import org.jboss.weld.environment.se.Weld;

/**
 * One application instance of the fault run, in a JVM of its own started by the driver: a Weld SE
 * application with Warren and one partitioned consumer ({@value #PARTITIONS} partitions). Every
 * handled message is written to {@code partition.records} before the handler returns (and so before
 * Warren acks it) as {@code key number instance queue redelivered epochMicros}, one unbuffered
 * write per line, so that a {@code kill -9} loses no record of an acked message. Runs until killed
 * or terminated; writes {@code partition.ready} once Warren has started.
 */
public final class PartitionInstance {

  static final String EXCHANGE = "warren.partfault";
  static final int PARTITIONS = 6;

  private PartitionInstance() {}

  /** The consumer: records each delivery, then acks it. */
  @ApplicationScoped
  public static class Accounts {
    static FileOutputStream records;
    static String instance;

    @RabbitConsumer(queue = EXCHANGE, queueType = QueueType.QUORUM, partitions = PARTITIONS)
    public Outcome onEvent(String body, Delivery delivery) {
      int colon = body.indexOf(':');
      long micros = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
      String line =
          body.substring(0, colon)
              + ' '
              + body.substring(colon + 1)
              + ' '
              + instance
              + ' '
              + delivery.queue()
              + ' '
              + (delivery.redelivered() ? 1 : 0)
              + ' '
              + micros
              + '\n';
      byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
      synchronized (Accounts.class) {
        try {
          records.write(bytes);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return Outcome.ack();
    }
  }

  /** Starts the instance; see the class comment. */
  public static void main(String[] args) throws Exception {
    Accounts.instance = System.getProperty("warren.instance-id");
    Path ready = Path.of(System.getProperty("partition.ready"));
    Files.deleteIfExists(ready);
    Accounts.records = new FileOutputStream(System.getProperty("partition.records"), true);
    Weld weld = new Weld("warren-partfault").disableDiscovery().addBeanClasses(Accounts.class);
    ServiceLoader.load(Extension.class).stream()
        .filter(provider -> provider.type().getPackageName().startsWith("dev.warren."))
        .map(ServiceLoader.Provider::get)
        .forEach(weld::addExtension);
    // Weld SE shuts the container down on SIGTERM by its own shutdown hook
    weld.initialize();
    Files.writeString(ready, Accounts.instance);
    System.out.println(Instant.now() + " instance " + Accounts.instance + " ready");
    System.out.flush();
    Thread.currentThread().join();
  }
}
