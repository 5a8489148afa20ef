#!/usr/bin/env bash
# pgbench's built-in scripts run by pgbench (Debian's package) and by commitbench's script workload,
# on one data set that `pgbench -i` made, on the local PostgreSQL, interleaved: for every cell the
# two tools run one after the other, the order swapped from round to round.
#
#   Throughput legs: select-only and tpcb-like at 1, 4 and 8 clients, unthrottled.
#   Rate legs: tpcb-like at 4 clients with a target rate of 100, 500 and 1,000 transactions/s
#   (pgbench -R; commitbench rate=), response time from the intended start and service time from
#   the actual start (pgbench's latency and latency minus its schedule lag).
#
# Each leg lasts WARMUP + DURATION seconds; the first WARMUP seconds are left out of both tools'
# throughput and latency (commitbench's warmup, pgbench's per-transaction log timestamps).
# Client CPU per 1,000 transactions: pgbench's is its whole process's user + system time over all
# its transactions (a C program that starts in a millisecond); commitbench's is the JVM's CPU over
# the measured window (summary.json clientCpuSeconds), which leaves out the JVM's start and the
# JIT's first compilations, as a JVM harness is run.
#
# usage: scripts/bench/pgbench-side-by-side.sh   (from the repository root, after
#        mvn -B -pl harness-cli -am package -DskipTests; needs pgbench and psql, the local
#        PostgreSQL at 127.0.0.1:5432 with trust for postgres)
# environment: SCALE (10), DURATION (30), WARMUP (10), ROUNDS (1), CLIENTS ("1 4 8"),
#              RATES ("100 500 1000"), SCRIPTS ("select-only tpcb-like"), RATE_CLIENTS (4),
#              LEGS ("throughput rate"), JAR (harness-cli/target/commitbench.jar),
#              OUT (default results/pgbench-side-by-side-<UTC time>)
# It makes its own database, cb_bench_pgbench, and drops it at the end; it refuses to start when
# that database exists (someone else's).
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
SCALE=${SCALE:-10}
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-10}
ROUNDS=${ROUNDS:-1}
CLIENTS=${CLIENTS:-"1 4 8"}
RATES=${RATES:-"100 500 1000"}
SCRIPTS=${SCRIPTS:-"select-only tpcb-like"}
RATE_CLIENTS=${RATE_CLIENTS:-4}
LEGS=${LEGS:-"throughput rate"}
jar=${JAR:-$here/harness-cli/target/commitbench.jar}
out=${OUT:-$here/results/pgbench-side-by-side-$(date -u +%Y%m%d-%H%M%S)}
db=cb_bench_pgbench
total=$((WARMUP + DURATION))

[[ -f $jar ]] || { echo "error: no $jar; build it: mvn -B -pl harness-cli -am package -DskipTests" >&2; exit 2; }
command -v pgbench >/dev/null || { echo "error: pgbench is missing (apt-get install postgresql-client)" >&2; exit 2; }
psql_admin() { psql -h 127.0.0.1 -U postgres -d postgres -Atqc "$1"; }
if [[ -n $(psql_admin "SELECT 1 FROM pg_database WHERE datname = '$db'") ]]; then
  echo "error: database $db exists; it is not this script's to use or drop (drop it if it is a leftover)" >&2
  exit 2
fi
mkdir -p "$out"
work=$(mktemp -d /tmp/pgbench-side-by-side.XXXXXX)
psql_admin "CREATE DATABASE $db"
trap 'psql_admin "DROP DATABASE IF EXISTS $db" || true; rm -rf "$work"' EXIT

pgbench -i -q -s "$SCALE" -h 127.0.0.1 -U postgres "$db" > "$out/pgbench-init.log" 2>&1

# pgbench_leg SCRIPT CLIENTS RATE|-: prints achieved tx/s, response p50 p99, service p50 p99 (ms),
# CPU s per 1,000 transactions
pgbench_leg() {
  local rate_args=() threads=$(( $2 < 2 ? 1 : 2 ))
  [[ $3 != - ]] && rate_args=(-R "$3")
  rm -rf "$work/log" && mkdir -p "$work/log"
  (cd "$work/log" && /usr/bin/time -f "%U %S" -o "$work/time" pgbench -n -h 127.0.0.1 -U postgres -M prepared \
    -b "$1" -c "$2" -j "$threads" -T "$total" "${rate_args[@]}" -l "$db" > "$out/pgbench-$1-$2-$3-r$round.out" 2>&1)
  local tx figures
  tx=$(cat "$work"/log/pgbench_log.* | wc -l)
  figures=$(python3 "$here/scripts/bench/percentiles.py" "$WARMUP" "$work"/log/pgbench_log.*)
  awk -v f="$figures" -v tx="$tx" '{ printf "%s %.3f\n", f, ($1 + $2) * 1000 / tx }' "$work/time"
}

# commitbench_leg SCRIPT CLIENTS RATE|-: the same figures from the run's summary.json
commitbench_leg() {
  local id="commitbench-$1-$2-$3-r$round" rate_args=()
  [[ $3 != - ]] && rate_args=(--set rate="$3")
  java -jar "$jar" run "$here/config/script.properties" --set db.url="jdbc:postgresql://127.0.0.1:5432/$db" \
    --set db.user=postgres --set script.files="$1" --set script.scale="$SCALE" --set load=reuse --set table.prefix=pgbench_ \
    --set users="$2" --set duration="$DURATION" --set warmup="$WARMUP" "${rate_args[@]}" \
    --set results.dir="$out" --set run.id="$id" > "$out/$id.out" 2>&1
  python3 - "$out/$id/summary.json" "$1" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
t = s["types"][sys.argv[2]]
totals = s["totals"]
print("%.1f %.3f %.3f %.3f %.3f %.3f" % (totals["transactionsPerSecond"], t["responseMillis"]["p50"],
    t["responseMillis"]["p99"], t["serviceMillis"]["p50"], t["serviceMillis"]["p99"],
    totals["clientCpuSeconds"] * 1000 / totals["transactions"]))
PY
}

exec > >(tee "$out/table.txt")
echo "leg script clients rate round tool achieved_tx_s response_p50_ms response_p99_ms service_p50_ms service_p99_ms cpu_s_per_1000_tx"
cells=()
for leg in $LEGS; do
  case $leg in
    throughput) for s in $SCRIPTS; do for c in $CLIENTS; do cells+=("throughput $s $c -"); done; done ;;
    rate) for r in $RATES; do cells+=("rate tpcb-like $RATE_CLIENTS $r"); done ;;
    *) echo "error: LEGS has '$leg'; allowed: throughput, rate" >&2; exit 2 ;;
  esac
done
for ((round = 1; round <= ROUNDS; round++)); do
  for i in "${!cells[@]}"; do
    read -r leg script clients rate <<<"${cells[$i]}"
    # Alternate which tool runs first, from cell to cell and round to round.
    tools=(pgbench commitbench)
    (( (round + i) % 2 == 0 )) && tools=(commitbench pgbench)
    for tool in "${tools[@]}"; do
      echo "$leg $script $clients $rate $round $tool $("${tool}_leg" "$script" "$clients" "$rate")"
    done
  done
done
echo "kept in $out"
