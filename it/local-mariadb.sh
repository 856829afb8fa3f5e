# Sourced by test.sh: makes sure MariaDB answers on 127.0.0.1:3306 for the outbox's relay test
# (it/java/dev/warren/internal/outbox/RelayDatabasesIT.java connects as 'root' without a password
# and creates the database 'outbox_relay_it' itself), installing Debian's mariadb-server (apt-get,
# needs root) and starting it when it is not there. Says what it does.

local_mariadb_up() {
  (exec 3<>/dev/tcp/127.0.0.1/3306) 2>/dev/null
}

ensure_local_mariadb() {
  local who=$1
  if local_mariadb_up; then
    echo "$who: MariaDB is up on 127.0.0.1:3306"
    return 0
  fi
  local fresh=false
  if ! command -v mariadbd >/dev/null 2>&1 && ! command -v mysqld >/dev/null 2>&1; then
    echo "$who: MariaDB is not installed; installing Debian's mariadb-server"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y mariadb-server
    fresh=true
  fi
  echo "$who: MariaDB is not running; starting it (service mariadb start)"
  service mariadb start || true
  for _ in $(seq 1 30); do
    if local_mariadb_up; then
      if $fresh; then
        # Debian's root logs in through the Unix socket only: let the test log in over TCP
        mariadb -e "alter user 'root'@'localhost' identified via mysql_native_password using password('');
          create user if not exists 'root'@'127.0.0.1' identified by '';
          grant all on *.* to 'root'@'127.0.0.1' with grant option"
      fi
      echo "$who: MariaDB is up on 127.0.0.1:3306"
      return 0
    fi
    sleep 1
  done
  echo "$who: MariaDB did not come up on 127.0.0.1:3306" >&2
  return 1
}
