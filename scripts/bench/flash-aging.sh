#!/usr/bin/env bash
# The flash SSD model's garbage collection over time: a lab whose ssd has PROFILE (flash-sata), a
# file over FILL_PERCENT of its filesystem written in full, then random 8 KiB direct overwrites of
# it for SECONDS, one at a time, with fio's latency averaged per second and the model's state read
# every STEP seconds (write amplification over each step: NAND pages written per host page in that
# step). Then the file is deleted and the filesystem trimmed (fstrim), a file of the same size is
# reserved with fallocate (no data written, so the trimmed pages stay free) and overwritten the
# same way: its first writes find free blocks again and should cost what a fresh drive's do, until
# they have used them up and garbage collection resumes. Prints one line per step (phase, seconds, mean write latency in the
# step, write amplification in the step, free blocks), also in OUT/steps.tsv; fio's logs stay in
# OUT. The lab is taken down at the end, also when a step fails.
#
#   sudo bash scripts/bench/flash-aging.sh
#
# Environment: JAR (harness-cli/target/commitbench.jar), ROOT (/var/tmp/cb-flash-aging), OUT
# (results/flash-aging), PROFILE (flash-sata), SIZE (1G: the ssd image), FILL_PERCENT (85),
# SECONDS_PER_PHASE (120), STEP (10). Needs what `storage lab up` needs for a model profile, and fio.
set -euo pipefail
cd "$(dirname "$0")/../.."

JAR=${JAR:-harness-cli/target/commitbench.jar}
ROOT=${ROOT:-/var/tmp/cb-flash-aging}
OUT=$(realpath -m "${OUT:-results/flash-aging}")
PROFILE=${PROFILE:-flash-sata}
SIZE=${SIZE:-1G}
FILL_PERCENT=${FILL_PERCENT:-85}
SECONDS_PER_PHASE=${SECONDS_PER_PHASE:-120}
STEP=${STEP:-10}
[ -f "$JAR" ] || { echo "error: no $JAR; build it: mvn -B -pl harness-cli -am package -DskipTests" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "error: run as root (the lab needs it)" >&2; exit 2; }
mkdir -p "$OUT" "$ROOT"
LAB=$ROOT/lab
cb() { java -jar "$JAR" "$@"; }
cleanup() {
  if [ -f "$LAB/lab.json" ]; then
    cb storage lab down --root "$LAB" --apply > "$OUT/lab-down.txt" 2>&1 \
      || echo "warning: lab down failed; see $OUT/lab-down.txt" >&2
  fi
}
trap cleanup EXIT

cb storage lab up --root "$LAB" --ssd-profile "$PROFILE" --ssd-size "$SIZE" --hdd-profile ram --hdd-size 64M \
  --no-calibrate --apply > "$OUT/lab-up.txt"
mount=$LAB/ssd
state=$LAB/ssd.nbd/model.state
value() { awk -v k="$1" '$1 == k { print $3 }' "$state"; }
size_mb=$(df -Pm "$mount" | awk 'NR == 2 { print int($4 * '"$FILL_PERCENT"' / 100) }')
printf 'phase\tseconds\twrite_mean_us\tstep_write_amplification\tfree_blocks\n' > "$OUT/steps.tsv"

# Overwrites FILE at random for SECONDS_PER_PHASE, one line per STEP from fio's per-second log and
# the model's counters.
overwrite() { # phase file
  local phase=$1 file=$2 t host0 nand0 host1 nand1
  fio --name="$phase" --filename="$file" --size="${size_mb}m" --rw=randwrite --bs=8k --direct=1 \
    --ioengine=psync --time_based --runtime="$SECONDS_PER_PHASE" --write_lat_log="$OUT/$phase" \
    --log_avg_msec=1000 --output="$OUT/$phase.txt" &
  local fio_pid=$!
  host0=$(value host_pages_written); nand0=$(value nand_pages_written)
  for t in $(seq "$STEP" "$STEP" "$SECONDS_PER_PHASE"); do
    sleep "$STEP"
    host1=$(value host_pages_written); nand1=$(value nand_pages_written)
    printf '%s\t%s\t-\t%s\t%s\n' "$phase" "$t" \
      "$(awk -v h="$((host1 - host0))" -v n="$((nand1 - nand0))" 'BEGIN { printf "%.2f", h ? n / h : 0 }')" \
      "$(value free_blocks)" >> "$OUT/steps.raw"
    host0=$host1; nand0=$nand1
  done
  wait "$fio_pid"
}

fio --name=fill --filename="$mount/age.a" --size="${size_mb}m" --rw=write --bs=1m --direct=1 \
  --output="$OUT/fill.txt"
overwrite aged "$mount/age.a"
rm "$mount/age.a"
# The filesystem hands a deleted file's blocks back when its journal commits: sync, then trim.
sync -f "$mount"
fstrim -v "$mount" > "$OUT/fstrim.txt"
fallocate -l "${size_mb}M" "$mount/age.b"
overwrite trimmed "$mount/age.b"

# The mean write latency of each step from fio's per-second log (ms since start, latency in ns).
python3 - "$OUT" "$STEP" << 'PY'
import csv, sys
out, step = sys.argv[1], int(sys.argv[2])
rows = [l.rstrip("\n").split("\t") for l in open(f"{out}/steps.raw")]
with open(f"{out}/steps.tsv", "a") as tsv:
    for phase, t, _, wa, free in rows:
        lat = []
        for rec in csv.reader(open(f"{out}/{phase}_lat.1.log")):
            ms, ns = int(rec[0]), int(rec[1])
            if int(t) - step < ms / 1000 <= int(t):
                lat.append(ns)
        mean = f"{sum(lat) / len(lat) / 1000:.0f}" if lat else "-"
        tsv.write("\t".join([phase, t, mean, wa, free]) + "\n")
PY
column -t "$OUT/steps.tsv"
