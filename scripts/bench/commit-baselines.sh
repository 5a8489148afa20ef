#!/usr/bin/env bash
# The commit workload beside pgbench -R and sysbench --rate, each issuing a one-row insert of
# 100 bytes and its commit at the same target rate, against the same server, interleaved: for
# every rate the tools run one after another, in an order that rotates from rate to rate. Each
# run lasts WARMUP + DURATION seconds; the first WARMUP seconds are left out of every tool's
# figures (commitbench's warmup, sysbench's --report-checkpoints, pgbench's log timestamps).
#
# Prints one line per run: tool, database, target rate, achieved rate (tx/s), response time
# p50 and p99 (ms, from the intended start), service time p50 and p99 (ms, from the actual
# start; "-" where the tool does not tell them apart), and client CPU seconds per 1,000
# transactions: user + system CPU of the tool's whole process (commitbench's includes the JVM's
# start, the setup and the JIT) over every transaction it ran, warm-up included.
#
# usage: scripts/bench/commit-baselines.sh [postgresql|mariadb ...]   (from the repository root,
#        after `mvn -B -q install -DskipTests`; needs pgbench, sysbench, psql, mariadb; as root
#        on the machine whose local services are at 127.0.0.1:5432 (trust) and :3306 (root, no password))
# environment: RATES (default "100 500 1000"), DURATION (20), WARMUP (5), CLIENTS (4), OUT (the folder
#              kept: the table, commitbench's run folders, sysbench's and pgbench's output;
#              default results/commit-baselines-<UTC time>)
set -euo pipefail

RATES=${RATES:-"100 500 1000"}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-5}
CLIENTS=${CLIENTS:-4}
DATABASES=${*:-postgresql mariadb}
HERE=$(cd "$(dirname "$0")" && pwd)
JAR=$HERE/../../harness-cli/target/commitbench.jar
OUT=${OUT:-$HERE/../../results/commit-baselines-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$OUT"
WORK=$(mktemp -d /tmp/commit-baselines.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
TOTAL=$((WARMUP + DURATION))

# sql, cb_url, sb_args: how the tools reach the local servers, as the OLTP comparisons do.
source "$HERE/oltp-common.sh"

fresh_table() { # database, table: dropped if it is there, created empty
  sql "$1" "DROP TABLE IF EXISTS $2" > /dev/null
  local options=""
  [ "$1" = mariadb ] && options=" ENGINE=InnoDB"
  sql "$1" "CREATE TABLE $2 (id BIGINT NOT NULL PRIMARY KEY, payload VARCHAR(100))$options" > /dev/null
}

cpu_per_1000() { # time file (user system), transactions
  awk -v tx="$2" '{ printf "%.3f", ($1 + $2) * 1000 / tx }' "$1"
}

run_commitbench() { # database, rate
  /usr/bin/time -f "%U %S" -o "$WORK/time" java -jar "$JAR" run "$HERE/../../config/commit.properties" \
    --set db.url="$(cb_url "$1")" --set users="$CLIENTS" --set users.mode=shared --set rate="$2" \
    --set duration="$DURATION" --set warmup="$WARMUP" --set table.prefix=cbb_cb_ \
    --set results.dir="$OUT" --set run.id="commitbench-$1-$2" > "$OUT/commitbench-$1-$2.out" 2>&1
  python3 - "$OUT/commitbench-$1-$2/summary.json" "$WORK/time" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
t = s["types"]["commit"]
user, system = map(float, open(sys.argv[2]).read().split()[-2:])
tx = s["totals"]["transactions"] + (s["warmup"] or {}).get("transactions", 0)
print("%.1f %.3f %.3f %.3f %.3f %.3f" % (s["totals"]["transactionsPerSecond"], t["responseMillis"]["p50"],
    t["responseMillis"]["p99"], t["serviceMillis"]["p50"], t["serviceMillis"]["p99"],
    (user + system) * 1000 / tx))
PY
}

run_pgbench() { # rate
  fresh_table postgresql cbb_pgbench
  rm -rf "$WORK/pgbench" && mkdir -p "$WORK/pgbench"
  (cd "$WORK/pgbench" && /usr/bin/time -f "%U %S" -o "$WORK/time" pgbench -n -h 127.0.0.1 -U postgres \
    -c "$CLIENTS" -j 2 -M prepared -R "$1" -T "$TOTAL" -l -f "$HERE/commit-insert.pgbench" test > "$OUT/pgbench-$1.out" 2>&1)
  local figures tx
  figures=$(python3 "$HERE/percentiles.py" "$WARMUP" "$WORK"/pgbench/pgbench_log.*)
  tx=$(cat "$WORK"/pgbench/pgbench_log.* | wc -l)
  echo "$figures $(cpu_per_1000 "$WORK/time" "$tx")"
  cat "$WORK"/pgbench/pgbench_log.* | gzip > "$OUT/pgbench-$1.log.gz"
  sql postgresql "DROP TABLE cbb_pgbench" > /dev/null
}

run_sysbench() { # database, rate
  fresh_table "$1" cbb_sysbench
  # The checkpoint at WARMUP prints and resets the statistics: the final report covers the rest.
  # Its latency includes the time an event waited in the rate queue (akopytov/sysbench#216).
  /usr/bin/time -f "%U %S" -o "$WORK/time" sysbench $(sb_args "$1") --threads="$CLIENTS" --rate="$2" \
    --time="$TOTAL" --report-checkpoints="$WARMUP" --percentile=99 --histogram=on \
    "$HERE/commit-insert.lua" run > "$OUT/sysbench-$1-$2.out" 2>&1
  python3 - "$OUT/sysbench-$1-$2.out" "$DURATION" "$WORK/time" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
final = text[text.rindex("SQL statistics"):]
tx = int(re.search(r"transactions:\s+(\d+)", final).group(1))
everything = sum(int(n) for n in re.findall(r"transactions:\s+(\d+)", text))  # the checkpoint's too
p99 = float(re.search(r"99th percentile:\s+([\d.]+)", final).group(1))
# The histogram printed last: "value  ***  count" rows; take the median from it.
rows = [(float(v), int(c)) for v, c in re.findall(r"^\s+([\d.]+) \|\*+\s+(\d+)$", text[text.rindex("Latency histogram"):], re.M)]
half, seen, p50 = sum(c for _, c in rows) / 2, 0, float("nan")
for value, count in rows:
    seen += count
    if seen >= half:
        p50 = value
        break
user, system = map(float, open(sys.argv[3]).read().split()[-2:])
print("%.1f %.3f %.3f - - %.3f" % (tx / float(sys.argv[2]), p50, p99, (user + system) * 1000 / everything))
PY
  sql "$1" "DROP TABLE cbb_sysbench" > /dev/null
}

exec > >(tee "$OUT/table.txt")
echo "tool database rate achieved_tx_s response_p50_ms response_p99_ms service_p50_ms service_p99_ms cpu_s_per_1000_tx"
round=0
for rate in $RATES; do
  for db in $DATABASES; do
    tools=(commitbench sysbench)
    [ "$db" = postgresql ] && tools+=(pgbench)
    # Rotate the order from round to round, so no tool always runs first on a cold server.
    n=${#tools[@]}
    for ((i = 0; i < n; i++)); do
      tool=${tools[$(((i + round) % n))]}
      case $tool in
        commitbench) line=$(run_commitbench "$db" "$rate") ;;
        pgbench) line=$(run_pgbench "$rate") ;;
        sysbench) line=$(run_sysbench "$db" "$rate") ;;
      esac
      echo "$tool $db $rate $line"
    done
    round=$((round + 1))
  done
done
echo "kept in $OUT"
