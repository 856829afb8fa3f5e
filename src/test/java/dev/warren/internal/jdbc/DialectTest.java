package dev.warren.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DialectTest {

  @Test
  void productNamesOfTheDriversChooseTheDialect() {
    assertThat(Dialect.of("PostgreSQL")).contains(Dialect.POSTGRESQL);
    assertThat(Dialect.of("MariaDB")).contains(Dialect.MARIADB);
    assertThat(Dialect.of("MySQL")).contains(Dialect.MARIADB);
    assertThat(Dialect.of("Oracle")).isEmpty();
    assertThat(Dialect.of((String) null)).isEmpty();
  }

  @Test
  void tableNamesArePlainIdentifiersOptionallyAfterASchema() {
    assertThat(Tables.validName("warren_outbox")).isTrue();
    assertThat(Tables.validName("app.warren_outbox")).isTrue();
    assertThat(Tables.validName("_t1")).isTrue();
    assertThat(Tables.validName("1t")).isFalse();
    assertThat(Tables.validName("t; drop table x")).isFalse();
    assertThat(Tables.validName("a.b.c")).isFalse();
    assertThat(Tables.validName("")).isFalse();
    assertThat(Tables.validName(null)).isFalse();
  }
}
