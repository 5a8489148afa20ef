#!/usr/bin/env bash
# TPC-C in spec mode as the spec runs it: WAREHOUSES warehouses, 10 terminals each with the
# spec's keying and think times, for DURATION seconds after WARMUP, on a throwaway PostgreSQL
# container of the project's image started with max_connections=CONNECTIONS (the terminals, the
# admin and the server's reserved slots need more than a default server's 100). The report's
# TPC-C block (tpmC, the mix, the 90th-percentile limits, the consistency checks) is printed at
# the end; the whole report and the results folder stay in OUT. The container is removed at the
# end.
#
# usage: scripts/bench/tpcc-spec-run.sh   (from the repository root, after
#        mvn -B -pl harness-cli -am package -DskipTests and scripts/containers/build-images.sh)
# environment: WAREHOUSES (10), DURATION (600), WARMUP (60), CONNECTIONS (150), LOAD_THREADS (4),
#              IMAGE (postgres:15-bookworm), JAR (harness-cli/target/commitbench.jar),
#              OUT (default results/tpcc-spec-run-<UTC time>)
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
WAREHOUSES=${WAREHOUSES:-10}
DURATION=${DURATION:-600}
WARMUP=${WARMUP:-60}
CONNECTIONS=${CONNECTIONS:-150}
LOAD_THREADS=${LOAD_THREADS:-4}
IMAGE=${IMAGE:-postgres:15-bookworm}
jar=${JAR:-$here/harness-cli/target/commitbench.jar}
out=${OUT:-$here/results/tpcc-spec-run-$(date -u +%Y%m%d-%H%M%S)}
name=cb-tpcc-spec-$$

[[ -f $jar ]] || { echo "error: no $jar; build it: mvn -B -pl harness-cli -am package -DskipTests" >&2; exit 2; }
export DOCKER_HOST=${DOCKER_HOST:-$(bash "$here/scripts/containers/engine.sh" host)}
docker image inspect "$IMAGE" >/dev/null 2>&1 \
  || { echo "error: no image $IMAGE on the engine; build it: scripts/containers/build-images.sh" >&2; exit 2; }
mkdir -p "$out"
docker run -d --name "$name" -e POSTGRES_USER=postgres -e POSTGRES_DB=test -p 127.0.0.1::5432 "$IMAGE" \
  postgres -c max_connections="$CONNECTIONS" > /dev/null
trap 'docker rm -f "$name" > /dev/null 2>&1 || true' EXIT
port=$(docker port "$name" 5432/tcp | head -1 | sed 's/.*://')
for _ in $(seq 1 60); do
  docker logs "$name" 2>&1 | grep -c "ready to accept connections" | grep -q 2 && break
  sleep 1
done
url="jdbc:postgresql://127.0.0.1:$port/test"
cb() { # commitbench with the data set's keys, then its own arguments
  java -jar "$jar" "$1" "$here/config/tpcc-spec.properties" --set db.url="$url" --set db.user=postgres \
    --set tpcc.warehouses="$WAREHOUSES" --set table.prefix=cbs_ --set load.threads="$LOAD_THREADS" "${@:2}"
}
cb prepare > "$out/prepare.log" 2>&1
status=0
cb run --set load=reuse --set users=$((10 * WAREHOUSES)) --set duration="$DURATION" --set warmup="$WARMUP" \
  --set results.dir="$out" --set run.id=spec > "$out/spec.out" 2>&1 || status=$?
sed -n '/^TPC-C/,/^#####/p' "$out/spec.out"
tail -3 "$out/spec.out"
echo "exit code $status; results in $out"
exit "$status"
