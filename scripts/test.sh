#!/usr/bin/env bash
# The README's test command: prepares the host, installs the Docker engine if missing, starts the
# private engine, builds the database images (cached), runs `mvn -B verify` against it, and stops the
# engine even when tests fail, leaving no test container and nothing on the default socket.
# Exits with Maven's status.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/test-host-setup.sh
bash scripts/containers/install.sh
trap 'bash scripts/containers/engine.sh stop' EXIT
bash scripts/containers/engine.sh start
DOCKER_HOST=$(bash scripts/containers/engine.sh host)
export DOCKER_HOST
# The database ITs must run in the containers: a container that does not start fails its test
# rather than falling back to the machine's services (COMMITBENCH_IT_TARGET=local selects those).
export COMMITBENCH_IT_TARGET=${COMMITBENCH_IT_TARGET:-container}
started=$SECONDS
bash scripts/containers/build-images.sh
echo "test: images ready in $((SECONDS - started)) s"
mvn -B verify "$@"
