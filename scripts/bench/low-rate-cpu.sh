#!/usr/bin/env bash
# What a commitbench run at a low target rate costs the client machine, beside pgbench at the same
# rate: the commit workload (one row of 100 bytes inserted and committed per transaction, CLIENTS
# users, rate=R) and `pgbench -R R -M prepared` running the same transaction
# (commit-insert.pgbench), against the local PostgreSQL, interleaved: in every round, at every rate,
# pgbench and each commitbench jar run one after the other, in an order that rotates from run to run.
# Each run lasts WARMUP + DURATION seconds.
#
# Prints one line per run: tool (pgbench, or the jar's label), rate, round, achieved tx/s over the
# measured window, transactions the process ran (warm-up included), CPU seconds (user + system) of
# the whole process, and CPU seconds per 1,000 transactions two ways:
#   whole:  the process's CPU over every transaction it ran; for commitbench that includes the JVM's
#           start, the set-up, the JIT and the report, a cost a short run pays once;
#   window: the CPU of the measured window (after the warm-up) over its transactions: what each
#           second of load costs. commitbench's own (summary.json, totals.clientCpuSeconds);
#           pgbench's from /proc/PID/stat read as its warm-up ends and at its exit, over the
#           transactions its per-transaction log shows ending after that.
# Then, per rate and jar, the medians over the rounds of both figures' ratio to pgbench's in the
# same round, with their range.
#
# usage: scripts/bench/low-rate-cpu.sh            (from the repository root; needs pgbench, psql,
#        /usr/bin/time, python3 and the local PostgreSQL at 127.0.0.1:5432, user postgres, trust)
# environment:
#   JARS      the commitbench jars, space-separated, each LABEL=PATH or PATH (labelled by its file
#             name); default harness-cli/target/commitbench.jar. Two jars side by side:
#             JARS="before=/tmp/cpu-before/harness-cli/target/commitbench.jar after=harness-cli/target/commitbench.jar"
#   JAVA_OPTS JVM options for every commitbench run (say -XX:TieredStopAtLevel=1); JAVA_OPTS_<LABEL>
#             adds options for one jar's runs, so one jar can run twice under two labels:
#             JARS="c2=x.jar c1=x.jar" JAVA_OPTS_c1=-XX:TieredStopAtLevel=1
#   RATES (default "100 500 1000"), DURATION (30), WARMUP (5), CLIENTS (4), ROUNDS (1),
#   OUT       the folder kept: the table, commitbench's run folders, pgbench's output
#             (default results/low-rate-cpu-<UTC time>)
# Tables: commitbench's are cb_lowcpu_* (table.prefix, dropped by the run); pgbench's is
# cb_lowcpu_pgbench.commits, in a schema of its own dropped at the end, however the script ends.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
RATES=${RATES:-"100 500 1000"}
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-5}
CLIENTS=${CLIENTS:-4}
ROUNDS=${ROUNDS:-1}
JARS=${JARS:-$ROOT/harness-cli/target/commitbench.jar}
JAVA_OPTS=${JAVA_OPTS:-}
OUT=${OUT:-$ROOT/results/low-rate-cpu-$(date -u +%Y%m%d-%H%M%S)}
SCHEMA=cb_lowcpu_pgbench
TICKS=$(getconf CLK_TCK)
TOTAL=$((WARMUP + DURATION))

for tool in pgbench psql python3 /usr/bin/time java; do
  command -v "$tool" > /dev/null || { echo "error: $tool is missing (scripts/test-host-setup.sh installs what the benchmarks need)" >&2; exit 2; }
done
labels=() paths=()
for entry in $JARS; do
  if [[ $entry == *=* ]]; then label=${entry%%=*} path=${entry#*=}; else label=$(basename "$entry" .jar) path=$entry; fi
  [ -f "$path" ] || { echo "error: jar $path (of JARS entry '$entry') does not exist; build it with mvn -B -o -q -pl harness-cli -am package -DskipTests" >&2; exit 2; }
  labels+=("$label") paths+=("$(cd "$(dirname "$path")" && pwd)/$(basename "$path")")
done
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$(mktemp -d /tmp/low-rate-cpu.XXXXXX)
sql() { PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -U postgres -d test -v ON_ERROR_STOP=1 -qAtc "$1"; }
cleanup() { sql "DROP SCHEMA IF EXISTS $SCHEMA CASCADE" > /dev/null 2>&1 || true; rm -rf "$WORK"; }
trap cleanup EXIT
sed "s/cbb_pgbench/$SCHEMA.commits/" "$HERE/commit-insert.pgbench" > "$WORK/commit.pgbench"

cpu_ticks() { # pid: user + system clock ticks so far (fields 14 and 15 of /proc/PID/stat)
  awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2> /dev/null || echo ""
}

# Each run prints: achieved_tx_s transactions cpu_s whole_per_1000 window_per_1000
run_commitbench() { # label, jar, rate, round
  local id="$1-$3-r$4" own="JAVA_OPTS_$1"
  # shellcheck disable=SC2086 # JAVA_OPTS is a list of options
  /usr/bin/time -f "%U %S" -o "$WORK/time" java $JAVA_OPTS ${!own:-} -jar "$2" run "$ROOT/config/commit.properties" \
    --set db.url=jdbc:postgresql://127.0.0.1:5432/test --set users="$CLIENTS" --set users.mode=shared \
    --set rate="$3" --set duration="$DURATION" --set warmup="$WARMUP" --set table.prefix=cb_lowcpu_ \
    --set results.dir="$OUT" --set run.id="$id" > "$OUT/$id.out" 2>&1
  python3 - "$OUT/$id/summary.json" "$WORK/time" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
totals, warmup = s["totals"], s["warmup"] or {}
user, system = map(float, open(sys.argv[2]).read().split()[-2:])
tx = totals["transactions"] + warmup.get("transactions", 0)
print("%.1f %d %.2f %.3f %.3f" % (totals["transactionsPerSecond"], tx, user + system, (user + system) * 1000 / tx,
    totals["clientCpuSeconds"] * 1000 / totals["transactions"]))
PY
}

run_pgbench() { # rate, round
  sql "DROP SCHEMA IF EXISTS $SCHEMA CASCADE; CREATE SCHEMA $SCHEMA;
       CREATE TABLE $SCHEMA.commits (id BIGINT NOT NULL PRIMARY KEY, payload VARCHAR(100))" > /dev/null
  rm -rf "$WORK/pgbench" && mkdir -p "$WORK/pgbench"
  local started time_pid pid="" at_warmup=""
  started=$(date +%s.%N)
  (cd "$WORK/pgbench" && exec /usr/bin/time -f "%U %S" -o "$WORK/time" pgbench -n -h 127.0.0.1 -U postgres \
    -c "$CLIENTS" -M prepared -R "$1" -T "$TOTAL" -l -f "$WORK/commit.pgbench" test > "$OUT/pgbench-$1-r$2.out" 2>&1) &
  time_pid=$!
  for _ in $(seq 50); do pid=$(pgrep -P "$time_pid" -x pgbench || true); [ -n "$pid" ] && break; sleep 0.1; done
  sleep "$(python3 -c "import time; print(max(0.0, $started + $WARMUP - time.time()))")"
  [ -n "$pid" ] && at_warmup=$(cpu_ticks "$pid")
  wait "$time_pid"
  python3 - "$WORK/time" "${at_warmup:-0}" "$TICKS" "$(python3 -c "print($started + $WARMUP)")" "$WORK"/pgbench/pgbench_log.* <<'PY'
import sys
user, system = map(float, open(sys.argv[1]).read().split()[-2:])
at_warmup, window_start = int(sys.argv[2]) / float(sys.argv[3]), float(sys.argv[4])
tx = measured = 0
last = window_start
for name in sys.argv[5:]:
    for line in open(name):
        fields = line.split()  # client transaction latency_us script end_epoch_s end_us [lag_us]
        tx += 1
        end = int(fields[4]) + int(fields[5]) / 1e6
        if end >= window_start:
            measured += 1
            last = max(last, end)
print("%.1f %d %.2f %.3f %.3f" % (measured / (last - window_start), tx, user + system, (user + system) * 1000 / tx,
    (user + system - at_warmup) * 1000 / measured if at_warmup else float("nan")))
PY
  cat "$WORK"/pgbench/pgbench_log.* | gzip > "$OUT/pgbench-$1-r$2.log.gz"
  sql "DROP SCHEMA $SCHEMA CASCADE" > /dev/null
}

exec > >(tee "$OUT/table.txt")
echo "# $(date -u +%FT%TZ) RATES=\"$RATES\" DURATION=$DURATION WARMUP=$WARMUP CLIENTS=$CLIENTS ROUNDS=$ROUNDS JAVA_OPTS=\"$JAVA_OPTS\""
for i in "${!labels[@]}"; do own="JAVA_OPTS_${labels[$i]}"; echo "# ${labels[$i]} = ${paths[$i]} ${!own:-}"; done
echo "tool rate round achieved_tx_s transactions cpu_s whole_s_per_1000_tx window_s_per_1000_tx"
tools=(pgbench "${!labels[@]}")
turn=0
for round in $(seq "$ROUNDS"); do
  for rate in $RATES; do
    n=${#tools[@]}
    for ((k = 0; k < n; k++)); do
      tool=${tools[$(((k + turn) % n))]}
      if [ "$tool" = pgbench ]; then
        echo "pgbench $rate $round $(run_pgbench "$rate" "$round")"
      else
        echo "${labels[$tool]} $rate $round $(run_commitbench "${labels[$tool]}" "${paths[$tool]}" "$rate" "$round")"
      fi
    done
    turn=$((turn + 1))
  done
done

echo
echo "ratio to pgbench in the same round, median (range) over $ROUNDS round(s):"
python3 - "$OUT/table.txt" <<'PY'
import collections, statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l[:1] not in "#t\n" and len(l.split()) == 8]
by = {(r[0], r[1], r[2]): r for r in rows}
ratios = collections.defaultdict(lambda: ([], []))
for (tool, rate, rnd), r in by.items():
    base = by.get(("pgbench", rate, rnd))
    if tool != "pgbench" and base:
        for i, col in enumerate((6, 7)):
            ratios[(tool, int(rate))][i].append(float(r[col]) / float(base[col]))
def fmt(v):
    return "%.2f (%.2f-%.2f)" % (statistics.median(v), min(v), max(v)) if v else "-"
print("tool rate whole_ratio window_ratio")
for (tool, rate), (whole, window) in sorted(ratios.items(), key=lambda kv: (kv[0][1], kv[0][0])):
    print(tool, rate, fmt(whole), fmt(window))
PY
echo "kept in $OUT"
