#!/usr/bin/env bash
# The integration tests again against a RabbitMQ 4 that users run (the last steps of test.sh):
#
#   rabbitmq4-suite.sh [4.0|4.3]     4.0: RabbitMQ 4.0.5 on 127.0.0.1:5673 (the default)
#                                    4.3: RabbitMQ 4.3.6 on 127.0.0.1:5674
#
# The node runs in a chroot beside the 3.10 node (it/brokers/rmq4.sh; the chroot is created when
# absent, debootstrap installed when missing) with the features its version deprecates refused: what
# works with them refused works with them permitted, so one run covers both. Weld 5.1 only (the
# Weld 6.0 run adds nothing broker-side); the unit tests ran already. Without the ITs tagged
# own-node (profile skip-own-nodes): they boot nodes of their own from the machine's RabbitMQ 3.10
# and never use the broker under test, so here they would only repeat the 3.10 run. The node and
# the chroot are taken down afterwards, whatever happened. Prints how long each part took.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=${1:-4.0}
case $version in
  4.0) port=5673 ;;
  4.3) port=5674 ;;
  *) echo "rabbitmq4-suite: unknown version '$version' (4.0 or 4.3)" >&2; exit 2 ;;
esac
rmq4="$PWD/it/brokers/rmq4.sh"

trap '"$rmq4" $version down' EXIT
started=$SECONDS
"$rmq4" "$version" up --deny-deprecated
up=$SECONDS
release=$("$rmq4" "$version" ctl -q version)
echo "rabbitmq4-suite: RabbitMQ $release came up in $((up - started)) s"

mvn -B clean verify -Pskip-own-nodes -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dwarren.it.broker.port=$port -Dwarren.it.rabbitmqctl="$rmq4 $version ctl"
echo "rabbitmq4-suite: the integration tests against RabbitMQ $release took $((SECONDS - up)) s"
