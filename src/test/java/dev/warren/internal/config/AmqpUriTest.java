package dev.warren.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** SPEC section 9, {@code warren.uri}: the parts of an amqp(s) URI, with vhost '/' by default. */
class AmqpUriTest {

  private static final String SECRET = "s3cr3t-Pa55";

  @Test
  void amqpDefaultsToPort5672() {
    AmqpUri uri = AmqpUri.parse("amqp://rabbit.example/");

    assertThat(uri.tls()).isFalse();
    assertThat(uri.host()).isEqualTo("rabbit.example");
    assertThat(uri.port()).isEqualTo(5672);
    assertThat(uri.address()).isEqualTo("rabbit.example:5672");
  }

  @Test
  void amqpsDefaultsToPort5671AndTls() {
    AmqpUri uri = AmqpUri.parse("amqps://rabbit.example/");

    assertThat(uri.tls()).isTrue();
    assertThat(uri.port()).isEqualTo(5671);
  }

  @Test
  void schemeIsCaseInsensitive() {
    assertThat(AmqpUri.parse("AMQPS://h/").tls()).isTrue();
  }

  @Test
  void explicitPortWins() {
    assertThat(AmqpUri.parse("amqps://h:1234/").port()).isEqualTo(1234);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"amqp://h:1234/", "amqp://h:1234", "amqp://h", "amqp://h/%2f", "amqp://h/%2F"})
  void emptyPathOrEscapedSlashIsTheDefaultVirtualHost(String text) {
    assertThat(AmqpUri.parse(text).virtualHost()).isEqualTo("/");
  }

  @ParameterizedTest
  @CsvSource({
    "amqp://h/myvhost, myvhost",
    "amqp://h/my%20vhost, my vhost",
    "amqp://h/%2fprod, /prod",
    "amqp://h/a+b, a+b"
  })
  void pathNamesTheVirtualHostDecoded(String text, String vhost) {
    assertThat(AmqpUri.parse(text).virtualHost()).isEqualTo(vhost);
  }

  @Test
  void userAndPasswordArePercentDecoded() {
    AmqpUri uri = AmqpUri.parse("amqp://us%40er:p%3Aa%2Fss+word@h/");

    assertThat(uri.username()).isEqualTo("us@er");
    assertThat(uri.password()).isEqualTo("p:a/ss+word");
  }

  @Test
  void noUserInfoLeavesUserAndPasswordUnset() {
    AmqpUri uri = AmqpUri.parse("amqp://h/");

    assertThat(uri.username()).isNull();
    assertThat(uri.password()).isNull();
  }

  @Test
  void userWithoutPasswordHasNoPassword() {
    AmqpUri uri = AmqpUri.parse("amqp://alice@h/");

    assertThat(uri.username()).isEqualTo("alice");
    assertThat(uri.password()).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"http://u:" + SECRET + "@h/", "h:5672", "rabbit.example"})
  void rejectsOtherSchemes(String text) {
    IllegalArgumentException e =
        catchThrowableOfType(IllegalArgumentException.class, () -> AmqpUri.parse(text));

    assertThat(e).hasMessageContaining("amqp://").hasMessageContaining("amqps://");
    assertThat(e.getMessage()).doesNotContain(SECRET);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "amqp:///vhost",
        "amqp://u:" + SECRET + "@/vhost",
        "amqp://u:" + SECRET + "@:5672/"
      })
  void rejectsAUriWithoutHost(String text) {
    IllegalArgumentException e =
        catchThrowableOfType(IllegalArgumentException.class, () -> AmqpUri.parse(text));

    assertThat(e).hasMessageContaining("host");
    assertThat(e.getMessage()).doesNotContain(SECRET);
  }

  @ParameterizedTest
  @ValueSource(strings = {"amqp://u:" + SECRET + "@h/a/b", "amqp://h//", "amqp://h/vhost/"})
  void rejectsAPathWithASecondSlash(String text) {
    IllegalArgumentException e =
        catchThrowableOfType(IllegalArgumentException.class, () -> AmqpUri.parse(text));

    assertThat(e).hasMessageContaining("%2f");
    assertThat(e.getMessage()).doesNotContain(SECRET);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "amqp://u:" + SECRET + " x@h/",
        "amqp://u:" + SECRET + "%zz@h/",
        "amqp://u:" + SECRET + "@h:port/",
        "amqp://u:" + SECRET + "@h/%"
      })
  void rejectsMalformedUrisWithoutRepeatingThePassword(String text) {
    IllegalArgumentException e =
        catchThrowableOfType(IllegalArgumentException.class, () -> AmqpUri.parse(text));

    assertThat(e).isNotNull();
    assertThat(e.getMessage()).doesNotContain(SECRET);
  }

  @ParameterizedTest
  @ValueSource(strings = {"amqp://u:" + SECRET + "@h:port/", "amqp://h:56x2", "amqp://h:-1/"})
  void aPortThatIsNoNumberIsNamedAsSuch(String text) {
    IllegalArgumentException e =
        catchThrowableOfType(IllegalArgumentException.class, () -> AmqpUri.parse(text));

    assertThat(e).hasMessageContaining("is not a number").hasMessageNotContaining("no host");
    assertThat(e.getMessage()).doesNotContain(SECRET);
  }

  @Test
  void aHostNameWithAnUnderscoreIsNamedAsInvalid() {
    IllegalArgumentException e =
        catchThrowableOfType(
            IllegalArgumentException.class, () -> AmqpUri.parse("amqp://my_rabbit/"));

    assertThat(e).hasMessageContaining("'my_rabbit' is not a valid host name");
  }

  /**
   * Issue 31: an unencoded '/', '?', '#' or '@' in the password cut the user info short, and the
   * message named a piece of the password as a port ("the port 's3cr3t' is not a number"), or the
   * URI was read as the host 'zorro7' on a port made of the password's digits. Each case names no
   * piece of the user info and says how to percent-encode it.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "amqp://zorro7:s3cr3t/Xy9@broker/ | s3cr3t/Xy9",
        "amqp://zorro7:s3cr3t/Xy9@broker | s3cr3t/Xy9",
        "amqp://zorro7:s3cr3t?Xy9@broker/ | s3cr3t?Xy9",
        "amqp://zorro7:s3cr3t#Xy9@broker/ | s3cr3t#Xy9",
        "amqp://zorro7:s3cr3t@Xy9@broker/ | s3cr3t@Xy9",
        "amqps://zorro7:s3cr3t@Xy9@broker:5671/prod | s3cr3t@Xy9",
        "amqp://zorro7:98765/Xy9@broker | 98765/Xy9",
        "amqp://zorro7:98765?Xy9@broker/ | 98765?Xy9",
        "amqp://zorro7:98765#Xy9@broker/ | 98765#Xy9",
        "amqp://zorro7:s3cr3t/Xy9@broker:port/ | s3cr3t/Xy9",
        "amqp://zorro7:s3cr3tXy9@broker:port/ | s3cr3tXy9",
        "amqp://zorro7:s3cr3tXy9@my_rabbit/ | s3cr3tXy9",
        "amqp://zorro7:s3cr3t Xy9@broker/ | s3cr3t Xy9",
        "amqp://zorro7:s3cr3t[Xy9@broker/ | s3cr3t[Xy9"
      })
  void noPieceOfTheUserInfoIsEverRepeatedAndTheMessageSaysToPercentEncode(
      String text, String password) {
    IllegalArgumentException e =
        catchThrowableOfType(IllegalArgumentException.class, () -> AmqpUri.parse(text));

    assertThat(e).as("'%s' is refused", text).isNotNull();
    assertThat(e.getMessage()).doesNotContain(password).doesNotContain("zorro7");
    for (String piece : password.split("[^A-Za-z0-9]")) {
      for (int i = 0; i + 3 <= piece.length(); i++) {
        assertThat(e.getMessage())
            .as("no piece of the password in: %s", e.getMessage())
            .doesNotContain(piece.substring(i, i + 3));
      }
    }
    assertThat(e).hasMessageContaining("percent-encode");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "amqp://zorro7:s3cr3t/Xy9@broker/ | %2F",
        "amqp://zorro7:s3cr3t?Xy9@broker/ | %3F",
        "amqp://zorro7:s3cr3t#Xy9@broker/ | %23",
        "amqp://zorro7:s3cr3t@Xy9@broker/ | %40"
      })
  void theMessageSaysHowToWriteTheCharacter(String text, String encoded) {
    assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> AmqpUri.parse(text)))
        .hasMessageContaining(encoded);
  }

  @Test
  void percentEncodedReservedCharactersInTheUserInfoAreReadAsMeant() {
    AmqpUri uri = AmqpUri.parse("amqp://zorro7:s3cr3t%2FX%3Fy%239%40@broker/prod");

    assertThat(uri.host()).isEqualTo("broker");
    assertThat(uri.password()).isEqualTo("s3cr3t/X?y#9@");
    assertThat(uri.virtualHost()).isEqualTo("prod");
  }

  @Test
  void toStringNeverShowsThePassword() {
    AmqpUri uri = AmqpUri.parse("amqps://alice:" + SECRET + "@rabbit.example:5671/prod");

    assertThat(uri.password()).isEqualTo(SECRET);
    assertThat(uri.toString())
        .doesNotContain(SECRET)
        .contains("rabbit.example:5671")
        .contains("'prod'");
  }
}
