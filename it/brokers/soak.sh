#!/usr/bin/env bash
# The soak test, by hand (not in CI): starts a 3-node RabbitMQ cluster of its own with node.sh,
# runs the soak program (soak/java, Maven profile -Psoak) against it while it restarts, kills and
# disconnects the nodes at random, prints published/confirmed/received/lost/duplicates and the
# longest pause, and takes the cluster down again. Exits non-zero when a confirmed message was lost
# (the program exits 1) or the run could not be made (2); Maven then says BUILD FAILURE.
#
#   it/brokers/soak.sh [-Dsoak.duration=10m] [-Dsoak.rate=200] [-Dsoak.faults=...] [other mvn args]
#
# NODES (default "31 32 33", AMQP 5711-5713) and BASE (default /tmp/warren-brokers-soak) choose
# the nodes; KEEP_CLUSTER=1 leaves them running afterwards. Never points at the node on 5672.
set -euo pipefail
cd "$(dirname "$0")/../.."
export BASE=${BASE:-/tmp/warren-brokers-soak}
read -r -a nodes <<<"${NODES:-31 32 33}"
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
