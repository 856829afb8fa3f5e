#!/usr/bin/env bash
# The integration tests again against RabbitMQ 4.0.5, which users run (the last step of test.sh). The node
# runs in a chroot on 127.0.0.1:5673 beside the 3.10 node (it/brokers/rmq4.sh; the chroot is created
# when absent, debootstrap installed when missing) with the features RabbitMQ 4.0 deprecates
# refused: what works with them refused works with them permitted, so one run covers both. Weld 5.1
# only (the Weld 6.0 run adds nothing broker-side); the unit tests ran already. The node and the
# chroot are taken down afterwards, whatever happened. Prints how long each part took.
set -euo pipefail
cd "$(dirname "$0")/../.."
rmq4="$PWD/it/brokers/rmq4.sh"

trap '"$rmq4" down' EXIT
started=$SECONDS
"$rmq4" up --deny-deprecated
up=$SECONDS
echo "rabbitmq4-suite: RabbitMQ 4.0.5 came up in $((up - started)) s"

mvn -B clean verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dwarren.it.broker.port=5673 -Dwarren.it.rabbitmqctl="$rmq4 ctl"
echo "rabbitmq4-suite: the integration tests against RabbitMQ 4.0.5 took $((SECONDS - up)) s"
