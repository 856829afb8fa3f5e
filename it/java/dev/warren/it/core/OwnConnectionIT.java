package dev.warren.it.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import dev.warren.Warren;
import dev.warren.it.support.Broker;
import dev.warren.it.support.WarrenIT;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An application that produces its own {@code Connection} (as one migrating to Warren does) keeps
 * it unqualified, without an ambiguous dependency; {@code @Warren} selects Warren's. The
 * unqualified {@code Channel}, which the application does not produce, stays Warren's.
 */
@Tag("container")
class OwnConnectionIT extends WarrenIT {

  static final String NAME = "warren.it.own-connection";

  @Deployment
  static JavaArchive deployment() {
    return beanArchive(OwnClient.class, UsesBoth.class);
  }

  /** The application's own connection, as it had before Warren. */
  @Dependent
  public static class OwnClient {
    @Produces
    @ApplicationScoped
    Connection own() throws Exception {
      ConnectionFactory factory = new ConnectionFactory();
      factory.setHost("127.0.0.1");
      factory.setPort(Broker.PORT);
      return factory.newConnection(NAME);
    }

    void close(@Disposes Connection connection) throws Exception {
      connection.close();
    }
  }

  /** Takes both connections and an unqualified channel. */
  @Dependent
  public static class UsesBoth {
    @Inject Connection own;
    @Inject @Warren Connection warren;
    @Inject Channel channel;
    @Inject @Warren Channel warrenChannel;
  }

  @Inject Instance<UsesBoth> users;

  @Test
  void theApplicationsConnectionStaysUnqualifiedAndWarrensIsQualified() {
    UsesBoth user = users.get();

    assertThat(user.own.getClientProvidedName()).isEqualTo(NAME);
    assertThat(user.warren.getClientProvidedName()).isNotEqualTo(NAME);
    assertThat(user.warren.isOpen()).isTrue();
    // the application has no Channel bean: the unqualified one is Warren's, on Warren's connection
    assertThat(user.channel.getConnection().getClientProvidedName())
        .isEqualTo(user.warren.getClientProvidedName());
    assertThat(user.warrenChannel.getConnection().getClientProvidedName())
        .isEqualTo(user.warren.getClientProvidedName());
    assertThat(user.channel.getChannelNumber()).isNotEqualTo(user.warrenChannel.getChannelNumber());

    Channel channel = user.channel;
    Channel warrenChannel = user.warrenChannel;
    users.destroy(user);
    assertThat(channel.isOpen()).isFalse();
    assertThat(warrenChannel.isOpen()).isFalse();
  }
}
