# Sourced by test.sh: makes sure PostgreSQL answers on 127.0.0.1:5432 for the server suites (their
# datasources and tests connect as user 'postgres', password 'postgres', and create the database
# 'warren_ee' themselves), installing Debian's postgresql (apt-get, needs root) and starting its
# cluster when it is not there. Says what it does.

local_postgresql_up() {
  (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null
}

ensure_local_postgresql() {
  local who=$1
  if local_postgresql_up; then
    echo "$who: PostgreSQL is up on 127.0.0.1:5432"
    return 0
  fi
  local fresh=false
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    echo "$who: PostgreSQL is not installed; installing Debian's postgresql"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
    fresh=true
  fi
  local version
  version=$(ls /etc/postgresql | sort -V | tail -1)
  echo "$who: PostgreSQL is not running; starting it (pg_ctlcluster $version main start)"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do
    if local_postgresql_up; then
      if $fresh; then
        # a fresh install asks for a password over TCP: give the tests' user the one they send
        su postgres -c "psql -q -c \"alter user postgres password 'postgres'\""
      fi
      echo "$who: PostgreSQL is up on 127.0.0.1:5432"
      return 0
    fi
    sleep 1
  done
  echo "$who: PostgreSQL did not come up on 127.0.0.1:5432" >&2
  return 1
}
