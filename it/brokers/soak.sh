#!/usr/bin/env bash
# The soak test, by hand (not in CI): starts a 3-node RabbitMQ cluster of its own with node.sh,
# runs the soak program (soak/java, Maven profile -Psoak) against it while it restarts, kills and
# disconnects the nodes at random, prints published/confirmed/received/lost/duplicates and the
# longest pause, and takes the cluster down again. Exits non-zero when a confirmed message was lost
# (the program exits 1) or the run could not be made (2); Maven then says BUILD FAILURE.
#
#   it/brokers/soak.sh [--version 4.3] [-Dsoak.duration=10m] [-Dsoak.rate=200] [-Dsoak.faults=...]
#                      [other mvn args]
#
# NODES (default "31 32 33", AMQP 5711-5713) and BASE (default /tmp/warren-brokers-soak) choose
# the nodes; KEEP_CLUSTER=1 leaves them running afterwards. Never points at the node on 5672.
#
# Without --version the nodes run the machine's RabbitMQ (3.10.8). --version 4.3 runs them with
# Debian forky's RabbitMQ 4.3.6 (Khepri) in a chroot of their own, $SOAK43_ROOT (default
# ${TMPDIR:-/tmp}/warren-soak43/forky; "rmq4.sh 4.3 chroot" creates it when absent, in about a
# minute and a half, and it stays for the next run: remove it with rm -rf --one-file-system):
# nodes "41 42 43" (AMQP 5721-5723, distribution 25721-25723), an epmd of their own on 4378, BASE
# inside the chroot (default $SOAK43_ROOT/srv/warren-brokers-soak43).
set -euo pipefail
cd "$(dirname "$0")/../.."
version=""
if [ "${1:-}" = --version ]; then
  [ $# -ge 2 ] || { echo "soak.sh: --version takes 4.3" >&2; exit 2; }
  version=$2
  shift 2
fi
case $version in
  "")
    unset RMQ_CHROOT
    export BASE=${BASE:-/tmp/warren-brokers-soak}
    read -r -a nodes <<<"${NODES:-31 32 33}"
    ;;
  4.3)
    export RMQ_CHROOT=${SOAK43_ROOT:-${TMPDIR:-/tmp}/warren-soak43/forky}
    export ERL_EPMD_PORT=${ERL_EPMD_PORT:-4378}
    export BASE=${BASE:-$RMQ_CHROOT/srv/warren-brokers-soak43}
    read -r -a nodes <<<"${NODES:-41 42 43}"
    RMQ43_ROOT=$RMQ_CHROOT bash it/brokers/rmq4.sh 4.3 chroot
    ;;
  *) echo "soak.sh: --version takes 4.3 (without it: the machine's RabbitMQ)" >&2; exit 2 ;;
esac
[ "${#nodes[@]}" -ge 3 ] || { echo "soak.sh: a quorum queue that survives a node needs 3 nodes" >&2; exit 2; }
node=it/brokers/node.sh

down() {
  if [ "${KEEP_CLUSTER:-0}" != 1 ]; then bash "$node" down "${nodes[@]}"; fi
}
trap down EXIT

first=${nodes[0]}
bash "$node" start "$first"
for n in "${nodes[@]:1}"; do
  bash "$node" start "$n"
  bash "$node" join "$n" "$first"
done
bash "$node" ctl "$first" cluster_status | grep -A4 -i 'running nodes' || true

csv=$(IFS=,; echo "${nodes[*]}")
set +e
mvn -B -Psoak -DskipTests test-compile \
  -Dsoak.nodes="$csv" -Dsoak.base="$BASE" -Dsoak.node-script="$PWD/$node" "$@"
status=$?
set -e
exit "$status"
