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
#   it/brokers/partition-soak.sh [-Dpartition.messages=100000] [-Dpartition.rate=500] [other mvn args]
#
# NODES (default "51 52 53", AMQP 5731-5733), BASE (default /tmp/warren-brokers-partfault) and
# ERL_EPMD_PORT (default 4451) choose the nodes; KEEP_CLUSTER=1 leaves them running afterwards.
# Never points at the node on 5672.
set -euo pipefail
cd "$(dirname "$0")/../.."
export BASE=${BASE:-/tmp/warren-brokers-partfault} ERL_EPMD_PORT=${ERL_EPMD_PORT:-4451}
read -r -a nodes <<<"${NODES:-51 52 53}"
[ "${#nodes[@]}" -eq 3 ] || { echo "partition-soak.sh: give 3 nodes" >&2; exit 2; }
node=it/brokers/node.sh
plugin=plugin:rabbitmq_consistent_hash_exchange

down() {
  if [ "${KEEP_CLUSTER:-0}" != 1 ]; then bash "$node" down "${nodes[@]}"; fi
}
trap down EXIT

first=${nodes[0]}
bash "$node" start "$first" "$plugin"
for n in "${nodes[@]:1}"; do
  bash "$node" start "$n" "$plugin"
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
