#!/usr/bin/env bash
# Extra RabbitMQ nodes for tests that must restart, kill, cluster or cut a broker: each node runs
# beside the machine's own node on 5672 and never touches it.
#
# Node N is rN@localhost with AMQP on 127.0.0.1:(5680+N) and distribution on 25680+N; all nodes
# share an epmd of their own on 127.0.0.1:$ERL_EPMD_PORT (4371) and a cookie under $BASE/home.
# Data, logs and config live in $BASE/rN ($BASE defaults to /tmp/warren-brokers).
#
#   node.sh start N [conf-line ...]   configure and boot node N; extra lines go to rabbitmq.conf,
#                                     lines "advanced:{key, value}" to advanced.config, lines
#                                     "plugin:NAME" to the plugins the node enables
#   node.sh stop N                    stop node N (its data stays)
#   node.sh boot N                    boot node N again with its existing config and data
#   node.sh kill9 N                   kill -9 node N's OS process
#   node.sh kill9-restart N           kill -9 node N, then boot it again
#   node.sh stop-app N | start-app N  stop or start the RabbitMQ application, the node stays up
#   node.sh join N M                  make node N join node M's cluster
#   node.sh ctl N ARGS...             rabbitmqctl ARGS against node N
#   node.sh down N ...                stop nodes and remove their folders
#
# Runs the nodes as root through /usr/lib/rabbitmq/bin (the /usr/sbin wrappers switch to the
# rabbitmq user and the machine node's cookie).
set -euo pipefail
BASE=${BASE:-/tmp/warren-brokers}
SBIN=/usr/lib/rabbitmq/bin
export HOME=$BASE/home ERL_EPMD_PORT=${ERL_EPMD_PORT:-4371} ERL_EPMD_ADDRESS=127.0.0.1

node_env() {
  local n=$1 dir=$BASE/r$1
  export RABBITMQ_NODENAME=r$n@localhost RABBITMQ_NODE_IP_ADDRESS=127.0.0.1
  export RABBITMQ_NODE_PORT=$((5680 + n)) RABBITMQ_DIST_PORT=$((25680 + n))
  export RABBITMQ_MNESIA_BASE=$dir/mnesia RABBITMQ_LOG_BASE=$dir/log RABBITMQ_PID_FILE=$dir/pid
  export RABBITMQ_ENABLED_PLUGINS_FILE=$dir/enabled_plugins RABBITMQ_CONFIG_FILE=$dir/rabbitmq.conf
  export RABBITMQ_ADVANCED_CONFIG_FILE=$dir/advanced.config RABBITMQ_CONF_ENV_FILE=$dir/rabbitmq-env.conf
  export RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
}

ctl() {
  local n=$1
  shift
  (node_env "$n" && "$SBIN/rabbitmqctl" -q -n "r$n@localhost" "$@")
}

boot() {
  local n=$1 dir=$BASE/r$1
  rm -f "$dir/pid"
  # setsid -f forks the server into a session of its own and returns at once, whatever the
  # caller's stdout is (a pipe from a test must not wait for the node)
  (node_env "$n" && exec setsid -f nohup "$SBIN/rabbitmq-server" >>"$dir/server.out" 2>&1 </dev/null)
  ctl "$n" wait --timeout 120 "$dir/pid"
}

configure() {
  local n=$1 dir=$BASE/r$1
  shift
  mkdir -p "$BASE/home" "$dir/mnesia" "$dir/log"
  if [ ! -f "$HOME/.erlang.cookie" ]; then
    head -c 24 /dev/urandom | base64 | tr -dc A-Za-z0-9 >"$HOME/.erlang.cookie"
    chmod 400 "$HOME/.erlang.cookie"
  fi
  : >"$dir/rabbitmq-env.conf"
  local advanced="" plugins="" line
  {
    echo "loopback_users = none"
    for line in "$@"; do
      case $line in
        advanced:*) advanced="${advanced:+$advanced, }${line#advanced:}" ;;
        plugin:*) plugins="${plugins:+$plugins,}${line#plugin:}" ;;
        *) echo "$line" ;;
      esac
    done
  } >"$dir/rabbitmq.conf"
  echo "[{rabbit, [$advanced]}]." >"$dir/advanced.config"
  echo "[$plugins]." >"$dir/enabled_plugins"
}

stop_node() {
  local n=$1 dir=$BASE/r$1 pid
  [ -f "$dir/pid" ] || return 0
  pid=$(cat "$dir/pid")
  kill -0 "$pid" 2>/dev/null || return 0
  timeout 60 "$0" ctl "$n" stop "$dir/pid" || kill -9 "$pid" 2>/dev/null || true
}

case "${1:-}" in
  start) n=$2; shift 2; configure "$n" "$@"; boot "$n" ;;
  stop) stop_node "$2" ;;
  boot) boot "$2" ;;
  kill9) kill -9 "$(cat "$BASE/r$2/pid")" ;;
  kill9-restart)
    pid=$(cat "$BASE/r$2/pid")
    kill -9 "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
    boot "$2"
    ;;
  stop-app) ctl "$2" stop_app ;;
  start-app) ctl "$2" start_app ;;
  join) ctl "$2" stop_app; ctl "$2" join_cluster "r$3@localhost"; ctl "$2" start_app ;;
  ctl) n=$2; shift 2; ctl "$n" "$@" ;;
  down)
    shift
    for n in "$@"; do
      stop_node "$n"
      rm -rf "${BASE:?}/r$n"
    done
    # the shared epmd goes only when no node of any test uses it any more
    epmd=$(ls /usr/lib/erlang/erts-*/bin/epmd 2>/dev/null | head -n 1)
    if [ -n "$epmd" ] && ! "$epmd" -port "$ERL_EPMD_PORT" -names 2>/dev/null | grep -q '^name '; then
      "$epmd" -port "$ERL_EPMD_PORT" -kill >/dev/null 2>&1 || true
    fi
    ;;
  *) sed -n '2,22p' "$0" >&2; exit 2 ;;
esac
