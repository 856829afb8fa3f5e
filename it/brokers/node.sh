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
#
# RMQ_CHROOT=<root> runs the nodes with the RabbitMQ of a chroot instead (e.g. the 4.3.6 one that
# "rmq4.sh 4.3 chroot" creates): every server and rabbitmqctl command runs through chroot, BASE
# must lie inside the chroot (default <root>/srv/warren-brokers) and the host still sees the
# folders and pid files there, so kill9 kills the beam process by its pid file as without a chroot.
# "start" mounts the chroot's /proc (Erlang's supervisors read it), "down" unmounts it again when
# no node of the chroot is left.
set -euo pipefail
ROOT=${RMQ_CHROOT:-}
ROOT=${ROOT%/}
if [ -n "$ROOT" ]; then
  [ -x "$ROOT/usr/lib/rabbitmq/bin/rabbitmq-server" ] || {
    echo "node.sh: no RabbitMQ in the chroot $ROOT (create it with: rmq4.sh 4.3 chroot)" >&2
    exit 2
  }
  BASE=${BASE:-$ROOT/srv/warren-brokers}
  case $BASE in
    "$ROOT"/*) ;;
    *) echo "node.sh: BASE ($BASE) must lie inside RMQ_CHROOT ($ROOT)" >&2; exit 2 ;;
  esac
else
  BASE=${BASE:-/tmp/warren-brokers}
fi
# the nodes see their folders under IN (BASE without the chroot), the host under BASE
IN=${BASE#"$ROOT"}
SBIN=/usr/lib/rabbitmq/bin
export HOME=$IN/home ERL_EPMD_PORT=${ERL_EPMD_PORT:-4371} ERL_EPMD_ADDRESS=127.0.0.1
if [ -n "$ROOT" ]; then export PATH=$SBIN:/usr/sbin:/usr/bin:/sbin:/bin; fi

# Runs a command with the nodes' RabbitMQ: in the chroot when there is one
run() {
  if [ -n "$ROOT" ]; then chroot "$ROOT" "$@"; else "$@"; fi
}

node_env() {
  local n=$1 dir=$IN/r$1
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
  (node_env "$n" && run "$SBIN/rabbitmqctl" -q -n "r$n@localhost" "$@")
}

boot() {
  local n=$1 dir=$BASE/r$1
  rm -f "$dir/pid"
  # setsid -f forks the server into a session of its own and returns at once, whatever the
  # caller's stdout is (a pipe from a test must not wait for the node)
  if [ -n "$ROOT" ]; then
    (node_env "$n" && exec setsid -f nohup chroot "$ROOT" "$SBIN/rabbitmq-server" >>"$dir/server.out" 2>&1 </dev/null)
  else
    (node_env "$n" && exec setsid -f nohup "$SBIN/rabbitmq-server" >>"$dir/server.out" 2>&1 </dev/null)
  fi
  ctl "$n" wait --timeout 120 "$IN/r$n/pid"
}

configure() {
  local n=$1 dir=$BASE/r$1
  shift
  mkdir -p "$BASE/home" "$dir/mnesia" "$dir/log"
  if [ -n "$ROOT" ] && ! mountpoint -q "$ROOT/proc"; then mount -t proc proc "$ROOT/proc"; fi
  if [ ! -f "$BASE/home/.erlang.cookie" ]; then
    head -c 24 /dev/urandom | base64 | tr -dc A-Za-z0-9 >"$BASE/home/.erlang.cookie"
    chmod 400 "$BASE/home/.erlang.cookie"
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
  timeout 60 "$0" ctl "$n" stop "$IN/r$n/pid" || kill -9 "$pid" 2>/dev/null || true
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
    epmd=$(cd "$ROOT/" && ls usr/lib/erlang/erts-*/bin/epmd 2>/dev/null | head -n 1)
    if [ -n "$epmd" ] && ! run "/$epmd" -port "$ERL_EPMD_PORT" -names 2>/dev/null | grep -q '^name '; then
      run "/$epmd" -port "$ERL_EPMD_PORT" -kill >/dev/null 2>&1 || true
      if [ -n "$ROOT" ] && mountpoint -q "$ROOT/proc"; then umount "$ROOT/proc"; fi
    fi
    ;;
  *) sed -n '2,28p' "$0" >&2; exit 2 ;;
esac
