#!/usr/bin/env bash
# The paper's question on lab devices, through the command line alone: a private PostgreSQL and
# MariaDB with their log on the lab "hdd" and written through (as the relocated copy will be), the
# paper's workload and the commit workload measured runs=N times; the log relocated to the lab
# "ssd"; the same runs again; then `commitbench compare` of the two groups (text, Markdown and
# HTML) and a screenshot of each HTML page in headless Chromium. Everything is made under ROOT and
# removed at the end (instances, then the lab), also when a step fails.
#
#   sudo RUNS=3 bash scripts/bench/hdd-vs-ssd.sh [postgresql] [mariadb]
#
# Environment: JAR (default harness-cli/target/commitbench.jar), ROOT (/var/tmp/cb-hdd-vs-ssd),
# OUT (results/hdd-vs-ssd), RUNS (3), PAPER_REPEAT (10: cycles of the paper's file), RATE (50/s),
# DURATION (20 s), WARMUP (5 s), HDD_PROFILE (hdd: 12 ms per I/O for every process, served by
# nbdkit; throttle: the cgroup token bucket, the server started in the lab's cgroup),
# SSD_PROFILE (ssd: the host's disk behind the same chain; ram: /dev/shm) and WRITE_THROUGH (1:
# the new instance's log is written through before the hdd runs; 0: as the server made it). Needs
# root, loop devices, FUSE with nbdkit and nbdfuse (or cgroup v1 blkio for throttle) and both
# servers' programs, as `storage lab up` and `storage instance create` do; chromium for the
# screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."

JAR=${JAR:-harness-cli/target/commitbench.jar}
ROOT=${ROOT:-/var/tmp/cb-hdd-vs-ssd}
OUT=$(realpath -m "${OUT:-results/hdd-vs-ssd}")
RUNS=${RUNS:-3}
PAPER_REPEAT=${PAPER_REPEAT:-10}
RATE=${RATE:-50}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-5}
HDD_PROFILE=${HDD_PROFILE:-hdd}
SSD_PROFILE=${SSD_PROFILE:-ssd}
WRITE_THROUGH=${WRITE_THROUGH:-1}
case $WRITE_THROUGH in
  0|1) ;;
  *) echo "error: WRITE_THROUGH=$WRITE_THROUGH; allowed: 1 (write the log through first) or 0" >&2; exit 2 ;;
esac
KINDS=("$@")
[ ${#KINDS[@]} -gt 0 ] || KINDS=(postgresql mariadb)
# cb, LAB, and the EXIT trap that destroys the instances and brings the lab down.
source scripts/bench/lab-session.sh

cb storage lab up --root "$LAB" --hdd-profile "$HDD_PROFILE" --ssd-profile "$SSD_PROFILE" --apply > "$OUT/lab-up.txt"
grep -E '^ *(ssd|hdd): fdatasync' "$OUT/lab-up.txt" || true
# Only a throttle device limits just the processes in the lab's cgroup: the server starts there.
in_cgroup=()
if [ "$HDD_PROFILE" = throttle ] || [ "$SSD_PROFILE" = throttle ]; then
  CGROUP=/sys/fs/cgroup/blkio/commitbench-$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["id"])' "$LAB/lab.json")
  [ -d "$CGROUP" ] || { echo "error: the lab's cgroup $CGROUP is missing" >&2; exit 1; }
  in_cgroup=(--cgroup "$CGROUP")
fi

measure() { # kind device
  local kind=$1 device=$2
  echo "== $kind, log on the $device: paper's workload, $RUNS runs"
  cb run config/paper.properties --set db.instance="$ROOT/$kind" --set runs="$RUNS" --set repeat="$PAPER_REPEAT" \
    --set results.dir="$OUT" --set run.id="$kind-paper-$device" > "$OUT/$kind-paper-$device.console.txt"
  tail -n 3 "$OUT/$kind-paper-$device.console.txt"
  echo "== $kind, log on the $device: commit workload at $RATE/s, $RUNS runs"
  cb run config/commit.properties --set db.instance="$ROOT/$kind" --set runs="$RUNS" --set rate="$RATE" \
    --set duration="$DURATION" --set warmup="$WARMUP" \
    --set results.dir="$OUT" --set run.id="$kind-commit-$device" > "$OUT/$kind-commit-$device.console.txt"
  tail -n 3 "$OUT/$kind-commit-$device.console.txt"
}

for kind in "${KINDS[@]}"; do
  cb storage instance create --kind "$kind" --instance "$ROOT/$kind" --log-dir "$LAB/hdd/$kind" \
    "${in_cgroup[@]}" --apply > "$OUT/$kind-create.txt"
  # A new MariaDB redo log is fallocated and never written, and a commit's first pass through such
  # space costs extra I/O; the relocated copy on the ssd is written in full. Written through here,
  # both legs measure a log as a server that has run a while has it.
  if [ "$WRITE_THROUGH" = 1 ]; then
    cb storage instance write-log-through --instance "$ROOT/$kind" --apply > "$OUT/$kind-write-through.txt"
    tail -n 1 "$OUT/$kind-write-through.txt"
  fi
  measure "$kind" hdd
  cb storage relocate-log --instance "$ROOT/$kind" --to "$LAB/ssd/$kind" --create-target --allow-root "$LAB" \
    --apply > "$OUT/$kind-relocate.txt"
  measure "$kind" ssd
  for workload in paper commit; do
    base=$OUT/$kind-$workload-hdd-vs-ssd
    cb compare "$OUT/$kind-$workload-hdd" "$OUT/$kind-$workload-ssd" > "$base.txt"
    cb compare "$OUT/$kind-$workload-hdd" "$OUT/$kind-$workload-ssd" --format markdown -o "$base.md"
    cb compare "$OUT/$kind-$workload-hdd" "$OUT/$kind-$workload-ssd" --format html -o "$base.html"
    if command -v chromium > /dev/null; then
      chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --user-data-dir="$(mktemp -d)" --hide-scrollbars \
        --window-size=1280,2200 --screenshot="$base.png" "file://$base.html" > /dev/null 2>&1 \
        || echo "warning: no screenshot of $base.html" >&2
    fi
    echo "== $kind, $workload: hdd against ssd ($base.txt, .md, .html, .png)"
    cat "$base.txt"
  done
done
