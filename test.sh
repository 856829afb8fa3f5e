#!/usr/bin/env bash
# Runs every test: unit tests and the Weld SE integration tests on Weld 5.1 against a real RabbitMQ,
# the server suites on managed WildFly and Open Liberty, the unit tests and the container ITs on
# Weld 6.0, and the integration tests against RabbitMQ 4.0.5 and 4.3.6 (chroots; need root and
# Debian's mirror). Installs and starts RabbitMQ on 127.0.0.1:5672 first when it is not there
# (Debian: apt-get, needs root), and PostgreSQL on 127.0.0.1:5432 for the server suites.
# WARREN_IT_BROKER_PORT and WARREN_IT_RABBITMQCTL point the integration tests at another node
# (e.g. one started with it/brokers/node.sh); then nothing is installed or started.
set -euo pipefail
cd "$(dirname "$0")"

it=()
if [ -n "${WARREN_IT_BROKER_PORT:-}" ]; then
  it+=("-Dwarren.it.broker.port=$WARREN_IT_BROKER_PORT")
  it+=("-Dwarren.it.rabbitmqctl=${WARREN_IT_RABBITMQCTL:-rabbitmqctl}")
fi

step() {
  echo "test.sh: $1 ($(date -u +%H:%M:%S))"
}

. it/brokers/local.sh
if [ -n "${WARREN_IT_BROKER_PORT:-}" ]; then
  step "integration tests use the broker on 127.0.0.1:$WARREN_IT_BROKER_PORT"
else
  ensure_local_broker test.sh
fi
. ee/local-postgresql.sh
ensure_local_postgresql test.sh
. it/local-mariadb.sh
ensure_local_mariadb test.sh

# The AsyncAPI tests need npm (the official AsyncAPI schemas and their validator), Chromium (the
# page) with fonts, and Tesseract (reading the page's screenshot); without them they fail, never skip.
need=()
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
command -v chromium >/dev/null 2>&1 || need+=(chromium fonts-dejavu-core)
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
if [ ${#need[@]} -gt 0 ]; then
  step "installing ${need[*]} for the AsyncAPI tests"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y "${need[@]}"
fi

# the library, its unit tests and the Weld 5.1 integration tests; install puts the jar where the
# server suites take it from
step "unit and integration tests on Weld 5.1"
mvn -B clean install "${it[@]}"
step "the example application"
mvn -B -f examples/orders-war/pom.xml clean package
step "the quick start"
quickstart=()
if [ -n "${WARREN_IT_BROKER_PORT:-}" ]; then
  quickstart+=("-Dwarren.uri=amqp://guest:guest@127.0.0.1:$WARREN_IT_BROKER_PORT/")
fi
mvn -B -f examples/quickstart/pom.xml clean package
timeout 120 mvn -B -q -f examples/quickstart/pom.xml "${quickstart[@]}" \
  org.codehaus.mojo:exec-maven-plugin:3.5.1:java | tee examples/quickstart/target/run.log
grep -q 'quickstart: handled ' examples/quickstart/target/run.log
step "server suites on WildFly and Open Liberty"
mvn -B -f ee/pom.xml clean verify "${it[@]}"
# the other ITs test the broker side, which another CDI container does not change (CONTRIBUTING.md)
step "unit tests and the container integration tests on Weld 6.0"
mvn -B clean verify -Pweld6,container-only "${it[@]}"
step "integration tests against RabbitMQ 4.0.5"
bash it/brokers/rabbitmq4-suite.sh 4.0
step "integration tests against RabbitMQ 4.3.6"
bash it/brokers/rabbitmq4-suite.sh 4.3
step "all tests passed"
