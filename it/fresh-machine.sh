#!/usr/bin/env bash
# Tries the README's commands as a new user would: a Debian bookworm root with only Java 17, Maven
# and git, in a network namespace of its own (so nothing answers on 127.0.0.1:5672 and the
# machine's RabbitMQ and servers are out of sight), reaching the internet through NAT. Needs root,
# debootstrap, iproute2 and iptables (installed when absent).
#
#   it/fresh-machine.sh up              make the root (a fresh clone of this repository in
#                                       /root/warren) and the namespace
#   it/fresh-machine.sh run 'CMD'       run CMD in /root/warren inside, e.g. run ./demo.sh
#   it/fresh-machine.sh down            stop what runs inside, remove the namespace and the root
#
# The root is $FRESH_ROOT (default /tmp/warren-fresh/root); the machine's extra CA certificates
# (/usr/local/share/ca-certificates) are copied in, as a new machine of this kind has them.
set -euo pipefail
ROOT=${FRESH_ROOT:-/tmp/warren-fresh/root}
NS=warren-fresh
HOST_IF=vwfresh0 NS_IF=vwfresh1 NET=10.231.7
REPO=$(cd "$(dirname "$0")/.." && pwd)

inside() {
  ip netns exec "$NS" chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    TERM=dumb bash -c "$1"
}

up() {
  for tool in debootstrap ip iptables; do
    command -v "$tool" >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y \
      "$( [ "$tool" = ip ] && echo iproute2 || echo "$tool")"
  done
  if ! ip netns list | grep -qw "$NS"; then
    ip netns add "$NS"
    ip link add "$HOST_IF" type veth peer name "$NS_IF"
    ip link set "$NS_IF" netns "$NS"
    ip addr add "$NET.1/24" dev "$HOST_IF" && ip link set "$HOST_IF" up
    ip netns exec "$NS" ip addr add "$NET.2/24" dev "$NS_IF"
    ip netns exec "$NS" ip link set "$NS_IF" up
    ip netns exec "$NS" ip link set lo up
    ip netns exec "$NS" ip route add default via "$NET.1"
    echo 1 >/proc/sys/net/ipv4/ip_forward
    local out
    out=$(ip route show default | awk '{print $5; exit}')
    iptables -t nat -A POSTROUTING -s "$NET.0/24" -o "$out" -j MASQUERADE
    iptables -A FORWARD -s "$NET.0/24" -j ACCEPT
    iptables -A FORWARD -d "$NET.0/24" -j ACCEPT
  fi
  if [ ! -x "$ROOT/usr/bin/mvn" ]; then
    mkdir -p "$ROOT"
    debootstrap --variant=minbase bookworm "$ROOT" http://deb.debian.org/debian
    printf '%s\n' "deb http://deb.debian.org/debian bookworm main" \
      "deb http://deb.debian.org/debian bookworm-updates main" \
      "deb http://deb.debian.org/debian-security bookworm-security main" >"$ROOT/etc/apt/sources.list"
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
    mkdir -p "$ROOT/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/" 2>/dev/null || true
    mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
    mountpoint -q "$ROOT/dev" || mount --rbind /dev "$ROOT/dev"
    inside 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
      --no-install-recommends openjdk-17-jdk-headless maven git ca-certificates && update-ca-certificates'
  fi
  mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
  mountpoint -q "$ROOT/dev" || mount --rbind /dev "$ROOT/dev"
  rm -rf "$ROOT/root/warren" && git clone -q "$REPO" "$ROOT/root/warren"
  echo "fresh-machine.sh: $ROOT is up with a clone of $(git -C "$REPO" rev-parse --short HEAD)"
}

down() {
  # only processes of the namespace: the machine's own (its RabbitMQ, other builds) are untouched
  local pids
  pids=$(ip netns pids "$NS" 2>/dev/null || true)
  [ -n "$pids" ] && kill $pids 2>/dev/null && sleep 2
  pids=$(ip netns pids "$NS" 2>/dev/null || true)
  [ -n "$pids" ] && kill -9 $pids 2>/dev/null || true
  umount -R "$ROOT/dev" 2>/dev/null || true
  umount "$ROOT/proc" 2>/dev/null || true
  ip link del "$HOST_IF" 2>/dev/null || true
  ip netns del "$NS" 2>/dev/null || true
  iptables -t nat -D POSTROUTING -s "$NET.0/24" -o "$(ip route show default | awk '{print $5; exit}')" \
    -j MASQUERADE 2>/dev/null || true
  iptables -D FORWARD -s "$NET.0/24" -j ACCEPT 2>/dev/null || true
  iptables -D FORWARD -d "$NET.0/24" -j ACCEPT 2>/dev/null || true
  if mount | grep -q " $ROOT/"; then
    echo "fresh-machine.sh: $ROOT still has mounts; not removing it" >&2
    return 1
  fi
  rm -rf --one-file-system "$(dirname "$ROOT")"
}

case "${1:-}" in
  up) up ;;
  run) shift && inside "cd /root/warren && $*" ;;
  down) down ;;
  *) sed -n '2,14p' "$0" >&2 && exit 2 ;;
esac
