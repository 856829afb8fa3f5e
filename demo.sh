#!/usr/bin/env bash
# Runs the demo (demo/java): a small shop on Weld SE against the RabbitMQ on 127.0.0.1:5672, which
# it installs and starts first when it is not there (Debian: apt-get, needs root). Exits 0 when the
# broker holds what the shop's consumers decided. -Dwarren.uri=... (passed on) moves it elsewhere.
set -euo pipefail
cd "$(dirname "$0")"
. it/brokers/local.sh
case " $* " in
  *" -Dwarren.uri="*) ;;
  *) ensure_local_broker demo.sh ;;
esac
echo "demo.sh: building Warren and the demo, then running it"
exec mvn -B -q -Pdemo -DskipTests test-compile "$@"
