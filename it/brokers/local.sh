# Sourced by test.sh and demo.sh: makes sure a RabbitMQ broker answers on 127.0.0.1:5672, installing
# Debian's rabbitmq-server (apt-get, needs root) and starting it when it is not there. Says what it
# does.

local_broker_up() {
  (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null
}

ensure_local_broker() {
  local who=$1
  if local_broker_up; then
    echo "$who: RabbitMQ is up on 127.0.0.1:5672"
    return 0
  fi
  if ! command -v rabbitmq-server >/dev/null 2>&1; then
    echo "$who: RabbitMQ is not installed; installing Debian's rabbitmq-server"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y rabbitmq-server
  fi
  if ! rabbitmqctl -q status >/dev/null 2>&1; then
    echo "$who: RabbitMQ is not running; starting it (rabbitmq-server -detached)"
    rabbitmq-server -detached
  fi
  for _ in $(seq 1 60); do
    if rabbitmqctl -q await_startup --timeout 5 >/dev/null 2>&1 && local_broker_up; then
      echo "$who: RabbitMQ is up on 127.0.0.1:5672"
      return 0
    fi
    sleep 2
  done
  echo "$who: RabbitMQ did not come up on 127.0.0.1:5672" >&2
  return 1
}
