#!/usr/bin/env bash
# The project's private Docker engine: `engine.sh start` and `engine.sh stop`.
# It listens on its own socket (never the default one: every Testcontainers on the machine would
# find an engine there and start pulling images), with its own data root, which keeps the locally
# built images between runs, its own exec root and pidfile. Print the DOCKER_HOST with `engine.sh host`.
set -euo pipefail
state=${COMMITBENCH_DOCKER_STATE:-/var/lib/commitbench/docker}
run=${COMMITBENCH_DOCKER_RUN:-/run/commitbench-docker}
sock=$run/docker.sock
pidfile=$run/dockerd.pid
host="unix://$sock"

running_pid() { [ -s "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null && cat "$pidfile"; }

start() {
  command -v dockerd >/dev/null || { echo "engine: dockerd missing; run scripts/containers/install.sh" >&2; exit 1; }
  mkdir -p "$state" "$run"
  if pid=$(running_pid); then echo "engine: already running (pid $pid) on $host"; return; fi
  rm -f "$pidfile" # a killed dockerd leaves its pidfile, and a new one refuses to start over it
  dockerd --host "$host" --data-root "$state/data" --exec-root "$run/exec" --pidfile "$pidfile" \
    >"$state/dockerd.log" 2>&1 &
  for _ in $(seq 1 60); do
    if docker -H "$host" info >/dev/null 2>&1; then echo "engine: up on $host"; return; fi
    sleep 0.5
  done
  echo "engine: did not answer within 30 s; see $state/dockerd.log" >&2
  tail -n 20 "$state/dockerd.log" >&2
  exit 1
}

stop() {
  local pid
  if ! pid=$(running_pid); then echo "engine: not running"; return; fi
  # Without Ryuk nothing reaps the tests' containers; they all carry this label.
  local left
  left=$(docker -H "$host" ps -aq --filter label=org.testcontainers=true)
  # A removal may already be under way (Testcontainers' shutdown hook of a JVM that was killed):
  # that is no reason to leave the engine running.
  if [ -n "$left" ] && ! docker -H "$host" rm -f -v $left >/dev/null; then
    echo "engine: some test containers could not be removed now; stopping the engine stops them" >&2
  fi
  kill "$pid"
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || { echo "engine: stopped"; return; }; sleep 0.5; done
  echo "engine: dockerd (pid $pid) still running after 30 s" >&2
  exit 1
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  host) echo "$host" ;;
  *) echo "usage: engine.sh start|stop|host" >&2; exit 2 ;;
esac
