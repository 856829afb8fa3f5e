#!/usr/bin/env bash
# RabbitMQ 4 for the integration tests: Debian's rabbitmq-server in a debootstrap chroot, beside the
# machine's own RabbitMQ 3.10 node (Debian bookworm has no 4.x package). Two versions, each with a
# chroot, a node, ports and an epmd of its own, so that both can run at once:
#
#   4.0   Debian trixie's 4.0.5: rabbit4@localhost, AMQP 127.0.0.1:5673, distribution 25673, epmd 4370
#   4.3   Debian forky's 4.3.6: rabbit43@localhost, AMQP 127.0.0.1:5674, distribution 25674, epmd 4374
#
# None of them meets the machine's node (5672, epmd 4369) or the extra nodes of node.sh (epmd 4371).
# A node's data, logs and config live in its chroot under /srv/rmq4, and every "up" starts it with
# empty data. Needs root (debootstrap, chroot, mount).
#
#   rmq4.sh [4.0|4.3] up [--deny-deprecated]   create the chroot if needed (installs debootstrap when
#                                    absent; about a minute from nothing, seconds when kept), boot
#                                    the node and wait for it; --deny-deprecated refuses the
#                                    features that version deprecates (deprecated_features.permit.*
#                                    = false), as later releases will
#   rmq4.sh [4.0|4.3] down [--keep-chroot]   stop the node and its epmd, unmount /proc, remove the
#                                    chroot (--keep-chroot keeps it for the next "up")
#   rmq4.sh [4.0|4.3] ctl ARGS...    rabbitmqctl ARGS against the node, e.g. "rmq4.sh 4.3 ctl status"
#   rmq4.sh [4.0|4.3] chroot         only create the chroot if it is not there (no node, no /proc
#                                    mount); node.sh runs its nodes in it with RMQ_CHROOT
#
# Without a version: 4.0. The chroot is $RMQ4_ROOT for 4.0 (default ${TMPDIR:-/tmp}/warren-rmq4/trixie)
# and $RMQ43_ROOT for 4.3 (default ${TMPDIR:-/tmp}/warren-rmq43/forky), so both can run at once;
# the Debian mirror is the machine's own (from /etc/apt), or $RMQ4_MIRROR.
set -euo pipefail
version=4.0
case "${1:-}" in
  4.0 | 4.3) version=$1; shift ;;
esac
SRV=/srv/rmq4
APT_OPTIONS=""
DEBOOTSTRAP_SCRIPT=""
case $version in
  4.0)
    SUITE=trixie NODE=rabbit4 PORT=5673 DIST_PORT=25673 EPMD_PORT=4370
    ROOT=${RMQ4_ROOT:-${TMPDIR:-/tmp}/warren-rmq4/trixie}
    # every feature 4.0.5 lists as "permitted_by_default" (rabbitmqctl list_deprecated_features;
    # classic_queue_mirroring is already removed)
    DEPRECATED="amqp_address_v1 global_qos queue_master_locator ram_node_type transient_nonexcl_queues"
    ;;
  4.3)
    SUITE=forky NODE=rabbit43 PORT=5674 DIST_PORT=25674 EPMD_PORT=4374
    ROOT=${RMQ43_ROOT:-${TMPDIR:-/tmp}/warren-rmq43/forky}
    # bookworm's debootstrap has no script for forky; forky is built like sid
    DEBOOTSTRAP_SCRIPT=/usr/share/debootstrap/scripts/sid
    # forky is Debian's testing: its Release file on the mirror is often past its Valid-Until date
    APT_OPTIONS="-o Acquire::Check-Valid-Until=false"
    # the one feature 4.3.6 lists as "permitted_by_default" (rabbitmqctl list_deprecated_features);
    # amqp_address_v1, global_qos and queue_master_locator it denies by default already
    DEPRECATED="transient_nonexcl_queues"
    ;;
esac

mirror() {
  local uri
  uri=${RMQ4_MIRROR:-$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)}
  [ -n "$uri" ] || uri=$(awk '/^deb / {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

# Runs a command inside the chroot with the node's environment; arguments are passed as they are.
in_chroot() {
  chroot "$ROOT" /bin/sh -c ". $SRV/env.sh; exec \"\$@\"" sh "$@"
}

create_chroot() {
  command -v debootstrap >/dev/null || {
    echo "rmq4: installing debootstrap"
    apt-get update -qq
    apt-get install -y -qq debootstrap >/dev/null
  }
  echo "rmq4: creating the $SUITE chroot in $ROOT"
  rm -rf --one-file-system "$ROOT"
  mkdir -p "$(dirname "$ROOT")"
  # shellcheck disable=SC2086 # the script is one word or none
  debootstrap --variant=minbase "$SUITE" "$ROOT" "$(mirror)" $DEBOOTSTRAP_SCRIPT \
    >"$ROOT.debootstrap.log" 2>&1 || {
    tail -n 20 "$ROOT.debootstrap.log" >&2
    exit 1
  }
  # packages must not start services while they install
  printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
  chmod +x "$ROOT/usr/sbin/policy-rc.d"
  # forky's minbase has no /etc/hosts, and epmd cannot resolve localhost without it
  [ -s "$ROOT/etc/hosts" ] || cp /etc/hosts "$ROOT/etc/hosts"
  chroot "$ROOT" /bin/sh -c "export DEBIAN_FRONTEND=noninteractive
    apt-get $APT_OPTIONS update -qq && apt-get install -y -qq --no-install-recommends rabbitmq-server >/dev/null &&
    apt-get clean && rm -rf /var/lib/apt/lists/*"
}

configure() {
  local deny=$1 dir=$ROOT$SRV
  rm -rf "$dir"
  mkdir -p "$dir/mnesia" "$dir/log"
  head -c 24 /dev/urandom | base64 | tr -dc A-Za-z0-9 >"$dir/.erlang.cookie"
  chmod 400 "$dir/.erlang.cookie"
  echo '[].' >"$dir/enabled_plugins"
  : >"$dir/rabbitmq-env.conf"
  echo '[].' >"$dir/advanced.config"
  {
    echo "listeners.tcp.1 = 127.0.0.1:$PORT"
    echo "loopback_users = none"
    if [ "$deny" = 1 ]; then
      # a client that uses one of them is refused (e.g. its connection closed with 541)
      local feature
      for feature in $DEPRECATED; do
        echo "deprecated_features.permit.$feature = false"
      done
    fi
  } >"$dir/rabbitmq.conf"
  cat >"$dir/env.sh" <<ENV
export HOME=$SRV ERL_EPMD_PORT=$EPMD_PORT ERL_EPMD_ADDRESS=127.0.0.1
export RABBITMQ_NODENAME=$NODE@localhost RABBITMQ_NODE_IP_ADDRESS=127.0.0.1
export RABBITMQ_NODE_PORT=$PORT RABBITMQ_DIST_PORT=$DIST_PORT
export RABBITMQ_MNESIA_BASE=$SRV/mnesia RABBITMQ_LOG_BASE=$SRV/log RABBITMQ_PID_FILE=$SRV/pid
export RABBITMQ_ENABLED_PLUGINS_FILE=$SRV/enabled_plugins RABBITMQ_CONFIG_FILE=$SRV/rabbitmq.conf
export RABBITMQ_ADVANCED_CONFIG_FILE=$SRV/advanced.config RABBITMQ_CONF_ENV_FILE=$SRV/rabbitmq-env.conf
export RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}"
export PATH=/usr/lib/rabbitmq/bin:/usr/sbin:/usr/bin:/sbin:/bin
ENV
}

running() {
  [ -f "$ROOT$SRV/pid" ] && kill -0 "$(cat "$ROOT$SRV/pid")" 2>/dev/null
}

up() {
  local deny=0
  case "${1:-}" in
    --deny-deprecated) deny=1 ;;
    "") ;;
    *) echo "rmq4: unknown option '$1'" >&2; exit 2 ;;
  esac
  if running; then
    echo "rmq4: the $version node is already running; run '$0 $version down --keep-chroot' first" >&2
    exit 1
  fi
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    echo "rmq4: something else listens on 127.0.0.1:$PORT" >&2
    exit 1
  fi
  [ -x "$ROOT/usr/lib/rabbitmq/bin/rabbitmq-server" ] || create_chroot
  # Erlang's memory and CPU supervisors read /proc
  mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
  configure "$deny"
  setsid nohup chroot "$ROOT" /bin/sh -c ". $SRV/env.sh; exec rabbitmq-server" \
    >"$ROOT$SRV/server.out" 2>&1 </dev/null &
  # "wait" on the pid file, not await_startup: that fails before the node has registered
  if ! in_chroot rabbitmqctl -q wait --timeout 120 "$SRV/pid"; then
    tail -n 30 "$ROOT$SRV/server.out" >&2
    exit 1
  fi
  local mode="deprecated features permitted"
  if [ "$deny" = 1 ]; then
    # the node itself says which of them it still permits: none, or the config did not take
    local permitted
    permitted=$(in_chroot rabbitmqctl -q eval "[F || F <- [${DEPRECATED// /, }],
      rabbit_deprecated_features:is_permitted(F)]." 2>/dev/null | tail -n 1)
    if [ "$permitted" != "[]" ]; then
      echo "rmq4: the node still permits deprecated features: $permitted" >&2
      exit 1
    fi
    mode="deprecated features refused: ${DEPRECATED// /, }"
  fi
  echo "rmq4: RabbitMQ $(in_chroot rabbitmqctl -q version) is up on 127.0.0.1:$PORT ($mode)"
}

down() {
  local keep=0
  case "${1:-}" in
    --keep-chroot) keep=1 ;;
    "") ;;
    *) echo "rmq4: unknown option '$1'" >&2; exit 2 ;;
  esac
  if running; then
    local pid
    pid=$(cat "$ROOT$SRV/pid")
    timeout 60 chroot "$ROOT" /bin/sh -c ". $SRV/env.sh; exec rabbitmqctl -q stop $SRV/pid" ||
      kill -9 "$pid" 2>/dev/null || true
  fi
  if [ -x "$ROOT/usr/bin/epmd" ] && mountpoint -q "$ROOT/proc"; then
    chroot "$ROOT" /usr/bin/epmd -port "$EPMD_PORT" -kill >/dev/null 2>&1 || true
  fi
  if mountpoint -q "$ROOT/proc"; then umount "$ROOT/proc"; fi
  if [ "$keep" = 0 ]; then
    rm -rf --one-file-system "$ROOT" "$ROOT.debootstrap.log"
    rmdir "$(dirname "$ROOT")" 2>/dev/null || true
  fi
}

case "${1:-}" in
  up) shift; up "$@" ;;
  down) shift; down "$@" ;;
  ctl) shift; in_chroot rabbitmqctl "$@" ;;
  chroot) [ -x "$ROOT/usr/lib/rabbitmq/bin/rabbitmq-server" ] || create_chroot ;;
  *) sed -n '2,26p' "$0" >&2; exit 2 ;;
esac
