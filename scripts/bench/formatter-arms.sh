#!/usr/bin/env bash
# The log pre-format arms against the baseline on a lab device (the hdd, or with LOG_DEVICE=ssd the
# ssd, such as an aged flash SSD model), with a workload that really makes the server create and
# recycle log files: a private PostgreSQL (and MariaDB) with its log on that device, its log made small (PostgreSQL: max_wal_size and min_wal_size, so that a checkpoint comes
# every segment or two and old segments are recycled; MariaDB: innodb_log_file_size, so the redo
# log wraps), then the commit workload with big rows, count-based so every run writes the same log:
# one baseline run unrecorded (it brings the log directory to the shape later runs find, as the
# first run would otherwise create every file), then once per arm in turn (baseline, arm1, arm2,
# ..., baseline, arm1, ...) RUNS times. Prints one line
# per run (commit p50/p99, TX/s, the arm's exposure: log written in files' worth, files created,
# recycled, removed, checkpoints; the commit breakdown's log write and log sync per commit, and the
# kernel's p50 of the log's writes and syncs; whether it warned of nothing to act on) and the medians per arm,
# also written to OUT/KIND-arms.tsv and OUT/KIND-medians.tsv. Everything is made under ROOT and
# removed at the end (instances, then the lab), also when a step fails.
#
#   sudo RUNS=3 bash scripts/bench/formatter-arms.sh [postgresql] [mariadb]
#   sudo LOG_DEVICE=ssd SSD_PROFILE=flash-sata AGE_PERCENT=80 bash scripts/bench/formatter-arms.sh
#
# Environment: JAR (default harness-cli/target/commitbench.jar), ROOT (/var/tmp/cb-formatter-arms),
# OUT (results/formatter-arms), RUNS (3), USERS (4), TRANSACTIONS (800), ROWS (20: rows per
# commit), ROW_BYTES (4000), LOG_DEVICE (hdd: the lab device the log is on; ssd for the other),
# HDD_PROFILE (hdd: 12 ms per I/O for every process, served by nbdkit), SSD_PROFILE (ssd; flash-sata
# for the flash SSD model), AGE_PERCENT (0: none; else, before the instances are made, a file of
# that share of the log device's filesystem is written and then overwritten at random 8 KiB
# offsets for AGE_SECONDS (120), and kept, so that a flash model's free blocks are used up as on a
# drive in service; the model's state before and after goes to OUT/age.txt), KERNEL (true: the
# commit breakdown's kernel view, breakdown.kernel, for the log's write and sync as the kernel
# sees them),
# MAX_WAL_SIZE (64MB: PostgreSQL's max_wal_size and min_wal_size; much smaller leaves the server
# no room to recycle into, and it removes old segments instead), REDO_BYTES (16777216:
# MariaDB's innodb_log_file_size), ARMS_postgresql / ARMS_mariadb (default: every arm
# `commitbench storage formatters` lists for the kind, baseline first). Needs root, loop devices,
# FUSE with nbdkit and nbdfuse, both servers' programs and their clients (psql, mariadb), as
# `storage lab up` and `storage instance create` do.
set -euo pipefail
cd "$(dirname "$0")/../.."

JAR=${JAR:-harness-cli/target/commitbench.jar}
ROOT=${ROOT:-/var/tmp/cb-formatter-arms}
OUT=$(realpath -m "${OUT:-results/formatter-arms}")
RUNS=${RUNS:-3}
USERS=${USERS:-4}
TRANSACTIONS=${TRANSACTIONS:-800}
ROWS=${ROWS:-20}
ROW_BYTES=${ROW_BYTES:-4000}
LOG_DEVICE=${LOG_DEVICE:-hdd}
HDD_PROFILE=${HDD_PROFILE:-hdd}
SSD_PROFILE=${SSD_PROFILE:-ssd}
AGE_PERCENT=${AGE_PERCENT:-0}
AGE_SECONDS=${AGE_SECONDS:-120}
KERNEL=${KERNEL:-true}
case $LOG_DEVICE in hdd|ssd) ;; *) echo "error: LOG_DEVICE=$LOG_DEVICE: allowed: hdd, ssd" >&2; exit 2 ;; esac
MAX_WAL_SIZE=${MAX_WAL_SIZE:-64MB}
REDO_BYTES=${REDO_BYTES:-16777216}
KINDS=("$@")
[ ${#KINDS[@]} -gt 0 ] || KINDS=(postgresql mariadb)
# cb, LAB, and the EXIT trap that destroys the instances and brings the lab down.
source scripts/bench/lab-session.sh

cb storage lab up --root "$LAB" --hdd-profile "$HDD_PROFILE" --ssd-profile "$SSD_PROFILE" --no-calibrate \
  --apply > "$OUT/lab-up.txt"

# Ages the log's device: a kept file of AGE_PERCENT of its filesystem, written in full, then
# overwritten at random for AGE_SECONDS. Nothing trims it afterwards, so a flash model keeps its
# pages valid and must copy them when it collects garbage.
age_device() {
  local mount=$LAB/$LOG_DEVICE size_mb
  size_mb=$(df -Pm "$mount" | awk 'NR == 2 { print int($4 * '"$AGE_PERCENT"' / 100) }')
  {
    echo "model state before: $(model_state)"
    fio --name=fill --filename="$mount/aging.fill" --size="${size_mb}m" --rw=write --bs=1m --direct=1 \
      --output-format=terse --terse-version=3 > /dev/null
    echo "after writing ${size_mb} MiB: $(model_state)"
    fio --name=overwrite --filename="$mount/aging.fill" --size="${size_mb}m" --rw=randwrite --bs=8k \
      --direct=1 --time_based --runtime="$AGE_SECONDS" --status-interval=10 --output-format=json \
      > "$OUT/age-overwrite.json"
    echo "after ${AGE_SECONDS} s of random 8 KiB overwrites: $(model_state)"
  } | tee "$OUT/age.txt"
}
model_state() {
  local f=$LAB/$LOG_DEVICE.nbd/model.state
  if [ -f "$f" ]; then grep -v '^model\|^profile' "$f" | tr '\n' ' '; else echo "(no device model)"; fi
}
[ "$AGE_PERCENT" = 0 ] || age_device

# The arms of a kind, baseline first, as `storage formatters` lists them (two-space indented names).
arms_of() {
  java -jar "$JAR" storage formatters | awk -v kind="$1:" '
    /^[a-z0-9]+:$/ { in_kind = ($1 == kind); next }
    in_kind && /^  [a-z]/ { print $1 }'
}

# The server's log made small, through its own client on the instance's port.
shrink_log() { # kind
  local kind=$1 url port
  url=$(grep '^db.url=' "$ROOT/$kind/connection.properties" | cut -d= -f2-)
  port=$(sed -E 's|.*://[^:/]+:([0-9]+)/.*|\1|' <<< "$url")
  if [ "$kind" = postgresql ]; then
    psql -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
      -c "ALTER SYSTEM SET max_wal_size = '$MAX_WAL_SIZE'" -c "ALTER SYSTEM SET min_wal_size = '$MAX_WAL_SIZE'" \
      -c "SELECT pg_reload_conf()" > /dev/null
    psql -X -At -h 127.0.0.1 -p "$port" -U postgres -d postgres \
      -c "SELECT 'max_wal_size ' || current_setting('max_wal_size') || ', min_wal_size ' || current_setting('min_wal_size')"
  else
    mariadb -h 127.0.0.1 -P "$port" -u root -e "SET GLOBAL innodb_log_file_size = $REDO_BYTES"
    for _ in $(seq 1 60); do # the resize finishes in the background
      [ "$(mariadb -h 127.0.0.1 -P "$port" -u root -N -e 'SELECT @@innodb_log_file_size')" = "$REDO_BYTES" ] && break
      sleep 1
    done
    mariadb -h 127.0.0.1 -P "$port" -u root -N -e "SELECT CONCAT('innodb_log_file_size ', @@innodb_log_file_size)"
  fi
}

# One line per run from its summary.json: arm, run, commit p50/p99 ms, TX/s, exposure, warned.
row() { # arm run dir
  python3 - "$@" << 'PY'
import json, sys
arm, run, path = sys.argv[1:4]
d = json.load(open(path + "/summary.json"))
commit = d["kinds"]["commit"]["latencyMillis"]
f = d["companions"]["log-formatter"]
e = f.get("exposure", {})
def v(k):
    x = e.get(k)
    return "-" if x is None else (f"{x:.2f}" if isinstance(x, float) else str(x))
b = d.get("commit_breakdown") or {}
parts = {}
for p in b.get("parts") or []:
    parts.setdefault(p["name"], p.get("mean_ms"))
kernel = {}
for io in b.get("log_io") or []:
    if io.get("file_class") == "log" and "kernel" in (io.get("source") or "").lower():
        kernel.setdefault(io["operation"], io.get("p50_ms"))
def ms(x):
    return "-" if x is None else f"{x:.3f}"
write_ops = [k for k in kernel if k.startswith("pwrite") or k == "write"]
sync_ops = [k for k in kernel if "sync" in k]
print("\t".join([arm, run, f"{commit['p50']:.2f}", f"{commit['p99']:.2f}",
                 f"{d['totals']['transactionsPerSecond']:.1f}", v("logBytes"), v("unitsWritten"),
                 v("filesCreated"), v("filesRecycled"), v("filesRemoved"), v("checkpoints"), v("wraps"),
                 ms(parts.get("log_write")), ms(parts.get("log_sync")),
                 ms(kernel[write_ops[0]] if write_ops else None), ms(kernel[sync_ops[0]] if sync_ops else None),
                 "yes" if f.get("warnings") else "no"]))
PY
}

medians() { # tsv
  python3 - "$1" << 'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
head, rows = rows[0], rows[1:]
print("\t".join(["arm", "runs"] + head[2:16]))
for arm in dict.fromkeys(r[0] for r in rows):
    mine = [r for r in rows if r[0] == arm]
    cols = []
    for i in range(2, 16):
        vals = [float(r[i]) for r in mine if r[i] != "-"]
        cols.append("-" if not vals else f"{statistics.median(vals):.2f}")
    print("\t".join([arm, str(len(mine))] + cols))
PY
}

for kind in "${KINDS[@]}"; do
  cb storage instance create --kind "$kind" --instance "$ROOT/$kind" --log-dir "$LAB/$LOG_DEVICE/$kind" \
    --apply > "$OUT/$kind-create.txt"
  shrink_log "$kind" | sed "s/^/$kind: /"
  read -r -a arms <<< "$(eval "echo \${ARMS_$kind:-}")"
  [ ${#arms[@]} -gt 0 ] || mapfile -t arms < <(arms_of "$kind")
  params=$OUT/$kind-workload.properties
  printf '%s\n' "workload=commit" "users=$USERS" "transactions=$TRANSACTIONS" "commit.rows=$ROWS" \
    "row.bytes=$ROW_BYTES" "breakdown.kernel=$KERNEL" > "$params"
  tsv=$OUT/$kind-arms.tsv
  printf 'arm\trun\tcommit_p50_ms\tcommit_p99_ms\ttx_per_s\tlog_bytes\tfiles_worth\tcreated\trecycled\tremoved\tcheckpoints\twraps\tlog_write_ms\tlog_sync_ms\tkernel_write_p50_ms\tkernel_sync_p50_ms\twarned\n' \
    > "$tsv"
  echo "== $kind: arms ${arms[*]}, $RUNS rounds of $TRANSACTIONS commits of $ROWS rows of $ROW_BYTES bytes, $USERS users"
  cb run "$params" --set db.instance="$ROOT/$kind" --set storage.format.arm=baseline \
    --set results.dir="$OUT" --set run.id="$kind-warmup" > "$OUT/$kind-warmup.console.txt"
  row warmup 0 "$OUT/$kind-warmup" | sed 's/^/(not counted) /'
  for run in $(seq 1 "$RUNS"); do
    for arm in "${arms[@]}"; do
      id=$kind-$arm-$run
      cb run "$params" --set db.instance="$ROOT/$kind" --set storage.format.arm="$arm" \
        --set results.dir="$OUT" --set run.id="$id" > "$OUT/$id.console.txt"
      row "$arm" "$run" "$OUT/$id" | tee -a "$tsv"
    done
  done
  echo "== $kind: medians over $RUNS runs ($OUT/$kind-medians.tsv)"
  medians "$tsv" | tee "$OUT/$kind-medians.tsv" | column -t
  cb storage instance destroy --instance "$ROOT/$kind" --apply > "$OUT/$kind-destroy.txt"
done
