package dev.warren.internal.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.warren.internal.jdbc.Dialect;
import org.junit.jupiter.api.Test;

class InboxSqlTest {

  @Test
  void postgresqlSkipsARecordedIdWithOnConflictDoNothing() {
    InboxSql sql = new InboxSql(Dialect.POSTGRESQL, "warren_inbox");

    assertThat(sql.insert())
        .isEqualTo(
            "insert into warren_inbox (consumer, message_id, received_at) values (?, ?, ?)"
                + " on conflict do nothing");
    assertThat(sql.sweep())
        .isEqualTo(
            "delete from warren_inbox where ctid in (select ctid from warren_inbox where"
                + " received_at < ? limit ?)");
  }

  @Test
  void mariadbSkipsARecordedIdWithInsertIgnore() {
    InboxSql sql = new InboxSql(Dialect.MARIADB, "warren_inbox");

    assertThat(sql.insert())
        .isEqualTo(
            "insert ignore into warren_inbox (consumer, message_id, received_at) values (?, ?, ?)");
    assertThat(sql.sweep()).isEqualTo("delete from warren_inbox where received_at < ? limit ?");
  }

  @Test
  void theTableIsKeyedByConsumerAndMessageIdAndIndexedByItsTime() {
    assertThat(new InboxSql(Dialect.POSTGRESQL, "app.inbox").ddl())
        .containsExactly(
            "create table if not exists app.inbox (consumer varchar(255) not null, message_id"
                + " varchar(255) not null, received_at timestamp with time zone not null, primary"
                + " key (consumer, message_id))",
            "create index if not exists inbox_received_at on app.inbox (received_at)");
    assertThat(new InboxSql(Dialect.MARIADB, "warren_inbox").ddl().get(0))
        .contains("received_at timestamp(6) not null");
  }
}
