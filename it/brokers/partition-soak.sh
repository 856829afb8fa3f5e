#!/usr/bin/env bash
# The cluster fault run of partitioned consumers, by hand (not in CI): starts a 3-node RabbitMQ
# cluster of its own with node.sh (each node with the consistent-hash exchange plugin), runs the
# driver (soak/java/dev/warren/soak/partition, Maven profile -Ppartition-soak), which starts three
# application instances as JVMs of their own, publishes numbered messages per key, kills instances
# with kill -9 and starts them again, stops and boots one node, and prints lost, duplicated and
# reordered messages, the pauses of partitions after each fault and who consumed which partition;
# then takes the cluster down again. Exits non-zero when a message was lost or a key reordered
# (the driver exits 1) or the run could not be made (2); Maven then says BUILD FAILURE.
#
#   it/brokers/partition-soak.sh [--version 4.3] [-Dpartition.messages=100000] [-Dpartition.rate=500]
#                                [other mvn args]
#
# NODES (default "51 52 53", AMQP 5731-5733), BASE (default /tmp/warren-brokers-partfault) and
# ERL_EPMD_PORT (default 4451) choose the nodes; KEEP_CLUSTER=1 leaves them running afterwards.
# Never points at the node on 5672.
#
# Without --version the nodes run the machine's RabbitMQ (3.10.8) with the consistent-hash plugin.
# --version 4.3 runs them with Debian forky's RabbitMQ 4.3.6 (x-modulus-hash, built in) in a chroot
# of their own, $PARTFAULT43_ROOT (default ${TMPDIR:-/tmp}/warren-partfault43/forky; "rmq4.sh 4.3
# chroot" creates it when absent and it stays: remove it with rm -rf --one-file-system once no node
# runs in it), BASE inside it, an epmd of their own on 4452. Not the chroot of rmq4.sh's own 4.3
# node: node.sh's "down" unmounts the chroot's /proc, which that node needs.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=""
if [ "${1:-}" = --version ]; then
  [ $# -ge 2 ] || { echo "partition-soak.sh: --version takes 4.3" >&2; exit 2; }
  version=$2
  shift 2
fi
case $version in
  "")
    unset RMQ_CHROOT
    export BASE=${BASE:-/tmp/warren-brokers-partfault} ERL_EPMD_PORT=${ERL_EPMD_PORT:-4451}
    plugin=plugin:rabbitmq_consistent_hash_exchange
    ;;
  4.3)
    export RMQ_CHROOT=${PARTFAULT43_ROOT:-${TMPDIR:-/tmp}/warren-partfault43/forky}
    export ERL_EPMD_PORT=${ERL_EPMD_PORT:-4452}
    export BASE=${BASE:-$RMQ_CHROOT/srv/warren-brokers-partfault}
    plugin=""
    RMQ43_ROOT=$RMQ_CHROOT bash it/brokers/rmq4.sh 4.3 chroot
    ;;
  *) echo "partition-soak.sh: --version takes 4.3 (without it: the machine's RabbitMQ)" >&2; exit 2 ;;
esac
read -r -a nodes <<<"${NODES:-51 52 53}"
[ "${#nodes[@]}" -eq 3 ] || { echo "partition-soak.sh: give 3 nodes" >&2; exit 2; }
node=it/brokers/node.sh

down() {
  if [ "${KEEP_CLUSTER:-0}" != 1 ]; then bash "$node" down "${nodes[@]}"; fi
}
trap down EXIT

first=${nodes[0]}
bash "$node" start "$first" ${plugin:+"$plugin"}
for n in "${nodes[@]:1}"; do
  bash "$node" start "$n" ${plugin:+"$plugin"}
  bash "$node" join "$n" "$first"
done
bash "$node" ctl "$first" cluster_status | grep -A4 -i 'running nodes' || true

csv=$(IFS=,; echo "${nodes[*]}")
set +e
mvn -B -Ppartition-soak -DskipTests test-compile \
  -Dpartition.nodes="$csv" -Dpartition.node-script="$PWD/$node" "$@"
status=$?
set -e
exit "$status"
