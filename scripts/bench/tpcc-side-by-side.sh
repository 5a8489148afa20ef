#!/usr/bin/env bash
# TPC-C by commitbench's tpcc workload (tpcc.mode=throughput) beside Percona-Lab's sysbench-tpcc
# (tpcc.lua, run by Debian's sysbench 1.0.20), on the local PostgreSQL, one database for both.
#
#   Load: commitbench prepare of WAREHOUSES warehouses on LOAD_THREADS connections; sysbench-tpcc's
#   prepare on as many threads (its time with and without the 30 s it sleeps waiting for its
#   tables); and the server loading the same rows from files by its own client: the rows of
#   commitbench's tables written out with psql's \copy, then read back into empty tables by psql
#   \copy, LOAD_THREADS tables at a time, and the same primary keys and indexes built after them
#   (then VACUUM ANALYZE, timed apart, as commitbench refreshes the statistics after its load).
#
#   Runs: for each round and each of THREADS, the two tools one after the other on their own data
#   sets, the order swapped from round to round, each for WARMUP + DURATION seconds. New orders
#   per minute: for both tools the rows the leg added to its orders table over the leg's whole
#   time (committed New-Orders, counted alike for both), and commitbench's NOPM over its measured
#   window beside it. Client CPU per 1,000 transactions: sysbench's whole process's user + system
#   time over all its transactions; commitbench's JVM CPU over the measured window
#   (summary.json clientCpuSeconds), leaving out the JVM's start and first compilations.
#   sysbench-tpcc's deck is the spec's 23 cards (10/10/1/1/1: 43.5 % New-Order); commitbench's
#   is 45/43/4/4/4 (45 %); both at READ COMMITTED with row locks. (Spec mode's 10 terminals per
#   warehouse need more connections than a default server has: scripts/bench/tpcc-spec-run.sh.)
#
# usage: scripts/bench/tpcc-side-by-side.sh SYSBENCH_TPCC_DIR
#        (from the repository root, after mvn -B -pl harness-cli -am package -DskipTests;
#        SYSBENCH_TPCC_DIR holds tpcc.lua of https://github.com/Percona-Lab/sysbench-tpcc;
#        needs sysbench and psql, the local PostgreSQL at 127.0.0.1:5432 with trust for postgres)
# environment: WAREHOUSES (10), THREADS ("1 4 8"), DURATION (60), WARMUP (10), ROUNDS (2),
#              LOAD_THREADS (4), LEGS ("run"; "" for the loads alone), JAR (harness-cli/target/commitbench.jar),
#              OUT (default results/tpcc-side-by-side-<UTC time>)
# It makes its own database, cb_bench_tpcc, and drops it at the end; it refuses to start when
# that database exists (someone else's).
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
sbdir=${1:?usage: $0 SYSBENCH_TPCC_DIR (a checkout of Percona-Lab/sysbench-tpcc)}
sbdir=$(cd "$sbdir" && pwd)
WAREHOUSES=${WAREHOUSES:-10}
THREADS=${THREADS:-"1 4 8"}
DURATION=${DURATION:-60}
WARMUP=${WARMUP:-10}
ROUNDS=${ROUNDS:-2}
LOAD_THREADS=${LOAD_THREADS:-4}
LEGS=${LEGS-run}
jar=${JAR:-$here/harness-cli/target/commitbench.jar}
out=${OUT:-$here/results/tpcc-side-by-side-$(date -u +%Y%m%d-%H%M%S)}
db=cb_bench_tpcc
url="jdbc:postgresql://127.0.0.1:5432/$db"
total=$((WARMUP + DURATION))

[[ -f $jar ]] || { echo "error: no $jar; build it: mvn -B -pl harness-cli -am package -DskipTests" >&2; exit 2; }
[[ -f $sbdir/tpcc.lua ]] || { echo "error: no tpcc.lua in $sbdir" >&2; exit 2; }
command -v sysbench >/dev/null || { echo "error: sysbench is missing (apt-get install sysbench)" >&2; exit 2; }
psql_admin() { psql -h 127.0.0.1 -U postgres -d postgres -Atqc "$1"; }
psql_db() { psql -h 127.0.0.1 -U postgres -d "$db" -Atq -v ON_ERROR_STOP=1 "$@"; }
if [[ -n $(psql_admin "SELECT 1 FROM pg_database WHERE datname = '$db'") ]]; then
  echo "error: database $db exists; it is not this script's to use or drop (drop it if it is a leftover)" >&2
  exit 2
fi
mkdir -p "$out"
work=$(mktemp -d /tmp/tpcc-side-by-side.XXXXXX)
psql_admin "CREATE DATABASE $db"
trap 'psql_admin "DROP DATABASE IF EXISTS $db" || true; rm -rf "$work"' EXIT

tables="warehouse district customer history new_order orders order_line item stock"
sb_args=(tpcc.lua --db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-user=postgres --pgsql-db="$db" --tables=1
  --scale="$WAREHOUSES" --use_fk=0 --trx_level=RC)
sb() { # sysbench-tpcc with the connection and data set options, then the command and its options
  (cd "$sbdir" && sysbench "${sb_args[@]}" "$@")
}
cb() { # commitbench with the data set's keys, then its own arguments
  java -jar "$jar" "$1" "$here/config/tpcc.properties" --set db.url="$url" --set db.user=postgres \
    --set tpcc.warehouses="$WAREHOUSES" --set table.prefix=cbt_ --set load.threads="$LOAD_THREADS" "${@:2}"
}
seconds() { python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.1f}")' "$1" "$2"; }

# Load: commitbench, sysbench-tpcc, then the server from files of commitbench's rows.
begin=$(date +%s.%N)
cb prepare > "$out/commitbench-prepare.log" 2>&1
cb_load=$(seconds "$begin" "$(date +%s.%N)")
begin=$(date +%s.%N)
sb --threads="$LOAD_THREADS" prepare > "$out/sysbench-prepare.log" 2>&1
sb_load=$(seconds "$begin" "$(date +%s.%N)")
psql_db -c "CREATE SCHEMA from_file"
for t in $tables; do
  psql_db -c "\\copy cbt_$t TO '$work/$t.tsv'"
  psql_db -c "CREATE TABLE from_file.$t (LIKE public.cbt_$t)"
done
keys() { # the primary keys and indexes commitbench's loader builds after the rows, for from_file
  cat <<'SQL'
ALTER TABLE from_file.warehouse ADD PRIMARY KEY (w_id)
ALTER TABLE from_file.district ADD PRIMARY KEY (d_w_id, d_id)
ALTER TABLE from_file.customer ADD PRIMARY KEY (c_w_id, c_d_id, c_id)
CREATE INDEX ON from_file.customer (c_w_id, c_d_id, c_last, c_first)
ALTER TABLE from_file.new_order ADD PRIMARY KEY (no_w_id, no_d_id, no_o_id)
ALTER TABLE from_file.orders ADD PRIMARY KEY (o_w_id, o_d_id, o_id)
CREATE INDEX ON from_file.orders (o_w_id, o_d_id, o_c_id, o_id)
ALTER TABLE from_file.order_line ADD PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)
ALTER TABLE from_file.item ADD PRIMARY KEY (i_id)
ALTER TABLE from_file.stock ADD PRIMARY KEY (s_w_id, s_i_id)
SQL
}
export -f psql_db
export db work
begin=$(date +%s.%N)
printf '%s\n' $tables | xargs -P "$LOAD_THREADS" -I{} bash -c 'psql_db -c "\\copy from_file.{} FROM '"'"'$work/{}.tsv'"'"'"'
keys | xargs -d '\n' -P "$LOAD_THREADS" -I{} bash -c 'psql_db -c "{}"'
file_load=$(seconds "$begin" "$(date +%s.%N)")
begin=$(date +%s.%N)
printf '%s\n' $tables | xargs -P "$LOAD_THREADS" -I{} bash -c 'psql_db -c "VACUUM ANALYZE from_file.{}"'
file_statistics=$(seconds "$begin" "$(date +%s.%N)")
psql_db -c "DROP SCHEMA from_file CASCADE" 2>/dev/null
sb_wait=30
# commitbench's own lines: "load: N rows in X s ...", "load: indexes built in Y s", "... refreshed in Z s"
cb_rows=$(sed -n 's/^load: [0-9,]* rows in \([0-9.]*\) s.*/\1/p' "$out/commitbench-prepare.log")
cb_keys=$(sed -n 's/^load: indexes built in \([0-9.]*\) s.*/\1/p' "$out/commitbench-prepare.log")
cb_statistics=$(sed -n 's/^load: statistics of .* refreshed in \([0-9.]*\) s.*/\1/p' "$out/commitbench-prepare.log")
{
  echo "load warehouses=$WAREHOUSES threads=$LOAD_THREADS"
  echo "commitbench_prepare_s $cb_load (rows $cb_rows s, keys and indexes $cb_keys s, statistics $cb_statistics s)"
  echo "sysbench_tpcc_prepare_s $sb_load (of which $sb_wait s its wait for the tables)"
  echo "psql_copy_from_files_s $file_load (rows, keys and indexes; then VACUUM ANALYZE $file_statistics s)"
} | tee "$out/load.txt"

# cb_leg THREADS ROUND: prints new orders per minute (rows), NOPM, CPU s per 1,000 transactions
orders() { psql_db -c "SELECT count(*) FROM $1"; }
cb_leg() {
  local before after id="commitbench-$1-r$2"
  before=$(orders cbt_orders)
  cb run --set load=reuse --set tpcc.mode=throughput --set users="$1" --set duration="$DURATION" \
    --set warmup="$WARMUP" --set results.dir="$out" --set run.id="$id" > "$out/$id.out" 2>&1
  after=$(orders cbt_orders)
  python3 - "$out/$id/summary.json" "$before" "$after" "$total" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
t = s["totals"]
f = s["workloadFigures"]
rows = (int(sys.argv[3]) - int(sys.argv[2])) * 60 / float(sys.argv[4])
print(f'{rows:.0f} {f["nopm"]:.0f} {t["clientCpuSeconds"] * 1000 / t["transactions"]:.3f}')
PY
}
sb_leg() {
  local before after
  before=$(orders orders1)
  (cd "$sbdir" && /usr/bin/time -f "%U %S" -o "$work/time" sysbench "${sb_args[@]}" --threads="$1" --time="$total" \
    --report-interval=10 run > "$out/sysbench-$1-r$2.out" 2>&1)
  after=$(orders orders1)
  python3 - "$out/sysbench-$1-r$2.out" "$before" "$after" "$total" "$work/time" <<'PY'
import re, sys
log = open(sys.argv[1]).read()
tx = int(re.search(r"transactions:\s+(\d+)", log).group(1))
user, system = map(float, open(sys.argv[5]).read().split()[-2:])
rows = (int(sys.argv[3]) - int(sys.argv[2])) * 60 / float(sys.argv[4])
print(f'{rows:.0f} - {(user + system) * 1000 / tx:.3f}')
PY
}

if [[ " $LEGS " == *" run "* ]]; then
  echo "threads round tool new_orders_per_min nopm cpu_s_per_1000_tx" | tee "$out/runs.txt"
  for round in $(seq 1 "$ROUNDS"); do
    for threads in $THREADS; do
      if (( round % 2 == 1 )); then order="commitbench sysbench-tpcc"; else order="sysbench-tpcc commitbench"; fi
      for tool in $order; do
        if [[ $tool == commitbench ]]; then figures=$(cb_leg "$threads" "$round"); else figures=$(sb_leg "$threads" "$round"); fi
        echo "$threads $round $tool $figures" | tee -a "$out/runs.txt"
      done
    done
  done
fi
echo "results in $out"
