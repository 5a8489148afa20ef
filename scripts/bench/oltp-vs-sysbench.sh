#!/usr/bin/env bash
# sysbench 1.0.20 (Debian's package) beside commitbench's OLTP workloads, interleaved, on the same
# data set (sysbench's own sbtest1..N; commitbench runs on it with table.prefix=sbtest load=reuse):
# oltp_read_write and oltp_point_select at each thread count on PostgreSQL and MariaDB —
# transactions/s, p95/p99 latency (ms) and client CPU per transaction — and loader rows/s:
# commitbench prepare beside sysbench prepare, (PostgreSQL) pgbench -i, and the database's own
# client loading sysbench's rows from a file (psql \copy, mysql LOAD DATA LOCAL): what the server
# alone takes for these rows.
#
#   scripts/bench/oltp-vs-sysbench.sh            # full: 60 s per leg, 1 4 8 threads, 1,000,000 rows
#   SHORT=1 scripts/bench/oltp-vs-sysbench.sh    # short: 10 s per leg, 1 4 threads, 200,000 rows
#   DURATION=30 THREADS="1 8" ROWS=500000 DBS="postgresql" scripts/bench/oltp-vs-sysbench.sh
#   ROUNDS=2 WORKLOADS=oltp_read_write THREADS=1 scripts/bench/oltp-vs-sysbench.sh
#   PLAIN=1 WORKLOADS=oltp_point_select DBS=mariadb THREADS=8 scripts/bench/oltp-vs-sysbench.sh
#   LOADER_ROUNDS=3 WORKLOADS=none scripts/bench/oltp-vs-sysbench.sh   # the loaders only, 3 rounds
#
# PLAIN=1 adds a third leg to every oltp_point_select pair: a plain JDBC loop issuing the same
# statement on the same number of threads and connections (io.commitbench.bench.PlainPointSelect,
# from the benchmarks jar: mvn -B -pl src-test/jmh -am package -DskipTests), meant to tell the
# harness's cost (commitbench over plain) from the JDBC driver's and the JVM's against C (plain
# over sysbench). Its legs, one after the other, are noisy (see docs/performance.md); side by
# side, at once on the same server, scripts/bench/oltp-paired.py with SIDES="plain sysbench"
# measures it with less noise.
#
# ROUNDS (default 1) repeats every leg pair, the order swapped each round (sysbench first in odd
# rounds, commitbench first in even ones), so a drift of the server (caches, autovacuum, purge)
# does not always favour the same tool; the summary ends with each cell's commitbench/sysbench
# ratios per round and their geometric mean against the bars. The loader table gives rows/s
# and, since the tools load rows of different widths (pgbench_accounts' rows are narrower than
# sbtest's), the table's size on the server (data and indexes) per second too. LOADER_ROUNDS (default 1) repeats the
# loaders the same way, and WORKLOADS=none leaves the transaction legs out.
#
# Needs the local PostgreSQL (127.0.0.1:5432, trust, db test) and MariaDB (127.0.0.1:3306, root
# without password, db test), and the jar (mvn -pl harness-cli -am package -DskipTests). Installs
# sysbench with apt-get when it is missing. Refuses to start when sbtest1 or pgbench_accounts
# exist (someone else's), and drops only what it created. Client CPU: sysbench's is the whole
# process's user+system time (getrusage) over its run; commitbench's is the JVM's CPU over the
# measured window (summary.json clientCpuSeconds), after a warm-up of WARMUP seconds (default 5)
# that keeps the JVM's start and the JIT's first compilations out of it, as a JVM harness is run;
# sysbench, compiled ahead of time, runs without one, and its start-up is in its figure.
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/scripts/bench/oltp-common.sh"
jar=${JAR:-$here/harness-cli/target/commitbench.jar}
bench_jar=${BENCH_JAR:-$here/src-test/jmh/target/benchmarks.jar}
PLAIN=${PLAIN:-0}
if [[ -n "${SHORT:-}" ]]; then
  DURATION=${DURATION:-10}; THREADS=${THREADS:-"1 4"}; ROWS=${ROWS:-200000}; PGBENCH_SCALE=${PGBENCH_SCALE:-2}
else
  DURATION=${DURATION:-60}; THREADS=${THREADS:-"1 4 8"}; ROWS=${ROWS:-1000000}; PGBENCH_SCALE=${PGBENCH_SCALE:-10}
fi
DBS=${DBS:-"postgresql mariadb"}
WORKLOADS=${WORKLOADS:-"oltp_read_write oltp_point_select"}
if [[ $WORKLOADS == none ]]; then WORKLOADS=""; fi
ROUNDS=${ROUNDS:-1}
WARMUP=${WARMUP:-5}
LOAD_THREADS=${LOAD_THREADS:-4}
LOADER_ROUNDS=${LOADER_ROUNDS:-1}
out=${OUT:-$here/results/oltp-vs-sysbench-$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$out"

[[ -f $jar ]] || { echo "error: no $jar; build it: mvn -B -pl harness-cli -am package -DskipTests" >&2; exit 2; }
if [[ $PLAIN == 1 && ! -f $bench_jar ]]; then
  echo "error: PLAIN=1 needs $bench_jar; build it: mvn -B -pl src-test/jmh -am package -DskipTests" >&2; exit 2
fi
ensure_sysbench

# table_mb DB TABLE: the table's size on the server, data and indexes, in MB
table_mb() {
  case $1 in
    postgresql) sql "$1" "SELECT round(pg_total_relation_size('$2') / 1048576.0, 1)" ;;
    mariadb) sql "$1" "SELECT round((data_length + index_length) / 1048576, 1) FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = '$2'" ;;
  esac
}
now() { date +%s.%N; }
# cpu_of CMD...: runs it; prints its output, then a line 'cpu_seconds=N' (the child's user+system time)
cpu_of() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys
p = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
sys.stdout.write(p.stdout)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("cpu_seconds=%.3f" % (r.ru_utime + r.ru_stime))
sys.exit(p.returncode)
PY
}
# sysbench's histogram (--histogram) -> p95 p99 in ms
sb_percentiles() {
  python3 -c '
import re, sys
rows = [(float(m.group(1)), int(m.group(2))) for m in re.finditer(r"^\s*([0-9.]+)\s*\|[*\s]*([0-9]+)\s*$", sys.stdin.read(), re.M)]
total = sum(c for _, c in rows)
def pct(p):
    seen = 0
    for v, c in rows:
        seen += c
        if seen >= total * p / 100: return v
    return float("nan")
print("%.3f %.3f" % (pct(95), pct(99)))'
}

# loader_line NAME ROWS START END TABLE: a loader's line of the summary for $db, round $round:
# its seconds and rows/s, and the size of the table it loaded and MB/s.
loader_line() {
  local mb; mb=$(table_mb "$db" "$5")
  echo "| $db | $1 | $round | $2 | $(echo "$4 - $3" | bc) | $(echo "$2 / ($4 - $3)" | bc) | $mb | $(echo "$mb / ($4 - $3)" | bc) |" >> "$summary"
}
# The loader legs of $db, round $round; each appends a line to the summary.
sysbench_prepare_leg() {
  local s e
  s=$(now); sysbench oltp_read_write $(sb_args "$db") --tables=1 --table-size="$ROWS" --threads=1 prepare >"$out/$db-sysbench-prepare-r$round.log"; e=$(now)
  loader_line "sysbench prepare" "$ROWS" "$s" "$e" sbtest1
}
commitbench_prepare_leg() {
  local s e log=$out/$db-commitbench-prepare-r$round.log
  s=$(now); java -jar "$jar" prepare "$params" --set db.url="$(cb_url "$db")" --set table.prefix=cbload \
    --set load.threads="$LOAD_THREADS" >"$log"; e=$(now)
  loader_line "commitbench prepare (load.threads=$LOAD_THREADS, incl. JVM start)" "$ROWS" "$s" "$e" cbload1
  echo "| $db | commitbench loader alone | $round | $(grep -o 'load: [0-9,]* rows in [0-9.]* s, [0-9,]* rows/s ([^)]*)' "$log" | tail -1) | | | | |" >> "$summary"
  java -jar "$jar" cleanup "$params" --set db.url="$(cb_url "$db")" --prefix cbload --apply >/dev/null
}
# The server's own bound for sbtest's rows: sysbench's rows, dumped to a file once, loaded by the
# database's own command-line client (which costs next to nothing on the client) into cbfile1,
# shaped as commitbench's loader does it: primary key during the load, index on k after it.
# What the server takes for these rows, against pgbench -i's narrower rows.
client_file_leg() {
  local s e rows=$out/$db-sbtest1.tsv
  if table_exists "$db" cbfile1; then
    echo "| $db | client from a file | $round | skipped: cbfile1 exists (not ours) | | | | |" >> "$summary"
    return 0
  fi
  case $db in
    postgresql)
      [[ -f $rows ]] || sql "$db" "COPY sbtest1 (id, k, c, pad) TO STDOUT" > "$rows"
      sql "$db" "CREATE TABLE cbfile1 (LIKE sbtest1 INCLUDING DEFAULTS); ALTER TABLE cbfile1 ADD PRIMARY KEY (id)"
      s=$(now)
      psql -h 127.0.0.1 -U postgres -d test -qc "\\copy cbfile1 (id, k, c, pad) FROM '$rows'"
      sql "$db" "CREATE INDEX k_cbfile1 ON cbfile1 (k)"
      e=$(now); loader_line "psql \\copy of the same rows from a file" "$ROWS" "$s" "$e" cbfile1 ;;
    mariadb)
      [[ -f $rows ]] || sql "$db" "SELECT id, k, c, pad FROM sbtest1" > "$rows"
      sql "$db" "CREATE TABLE cbfile1 LIKE sbtest1; ALTER TABLE cbfile1 DROP INDEX k_1"
      s=$(now)
      mysql -h 127.0.0.1 -uroot --local-infile=1 test -e "LOAD DATA LOCAL INFILE '$rows' INTO TABLE cbfile1 (id, k, c, pad)"
      sql "$db" "CREATE INDEX k_1 ON cbfile1 (k)"
      e=$(now); loader_line "mysql LOAD DATA LOCAL of the same rows from a file" "$ROWS" "$s" "$e" cbfile1 ;;
  esac
  sql "$db" "DROP TABLE cbfile1"
}
pgbench_init_leg() {
  local s e
  [[ $db == postgresql ]] || return 0
  if table_exists "$db" pgbench_accounts; then
    echo "| $db | pgbench -i | $round | skipped: pgbench_accounts exists (not ours) | | | | |" >> "$summary"
    return 0
  fi
  s=$(now); pgbench -h 127.0.0.1 -U postgres -i -s "$PGBENCH_SCALE" test >"$out/pgbench-init-r$round.log" 2>&1; e=$(now)
  loader_line "pgbench -i -s $PGBENCH_SCALE (pgbench_accounts)" "$((PGBENCH_SCALE * 100000))" "$s" "$e" pgbench_accounts
  sql "$db" "DROP TABLE IF EXISTS pgbench_accounts, pgbench_branches, pgbench_history, pgbench_tellers"
}

summary=$out/summary.md
{
  echo "# sysbench vs commitbench, $(date -u +%FT%TZ), host $(hostname), $(nproc) cores"
  echo "duration ${DURATION}s per leg (commitbench after a ${WARMUP}s warm-up), threads: $THREADS, $ROWS rows in 1 table, rand-type special (both defaults)"
  echo
  echo "| db | loader | round | rows | seconds | rows/s | table MB | MB/s |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$summary"
results=$out/runs.md
{
  echo "| db | workload | threads | tool | round | tx/s | p95 ms | p99 ms | client CPU µs/tx | errors |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} > "$results"

# One leg each: sysbench or commitbench at $workload, $threads threads, round $round of $db, on
# the same tables; each appends its line to the results table.
sysbench_leg() {
  local log=$out/$db-$workload-$threads-r$round-sysbench.log
  cpu_of sysbench "$workload" $(sb_args "$db") --tables=1 --table-size="$ROWS" --threads="$threads" \
    --time="$DURATION" --histogram=on --percentile=95 run > "$log"
  local tps txs errs cpu p95 p99
  tps=$(grep -o 'transactions: *[0-9]* *([0-9.]* per sec' "$log" | grep -o '[0-9.]* per sec' | cut -d' ' -f1)
  txs=$(grep -o 'transactions: *[0-9]*' "$log" | grep -o '[0-9]*$')
  errs=$(grep -o 'ignored errors: *[0-9]*' "$log" | grep -o '[0-9]*$')
  cpu=$(grep -o 'cpu_seconds=[0-9.]*' "$log" | cut -d= -f2)
  read -r p95 p99 < <(sb_percentiles < "$log")
  echo "| $db | $workload | $threads | sysbench | $round | $tps | $p95 | $p99 | $(echo "scale=1; $cpu * 1000000 / $txs" | bc) | $errs (ignored, retried) |" >> "$results"
}
commitbench_leg() {
  local run_id=$db-$workload-$threads-r$round
  java -jar "$jar" run "$params" --set db.url="$(cb_url "$db")" --set workload="$workload" \
    --set users="$threads" --set duration="$DURATION" --set warmup="$WARMUP" --set table.prefix=sbtest --set load=reuse \
    --set results.dir="$out" --set run.id="$run_id" > "$out/$run_id-commitbench.log" 2>&1 || true
  python3 - "$out/$run_id/summary.json" "$db" "$workload" "$threads" "$round" >> "$results" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
w, t = s["workloadFigures"], s["totals"]
cpu = t.get("clientCpuMicrosPerTransaction")
print("| %s | %s | %s | commitbench | %s | %.2f | %.3f | %.3f | %s | %d (ignored %d) |" % (sys.argv[2], sys.argv[3],
      sys.argv[4], sys.argv[5], w["transactionsPerSecond"], w["latencyMillis"]["p95"], w["latencyMillis"]["p99"],
      "%.1f" % cpu if cpu is not None else "n/a", t["errors"], t["ignored"]))
PY
}
# The plain JDBC loop at oltp_point_select (PLAIN=1): same warm-up and measured seconds as commitbench's leg.
plain_leg() {
  local log=$out/$db-$workload-$threads-r$round-plain.log
  java -cp "$bench_jar" io.commitbench.bench.PlainPointSelect url="$(cb_url "$db")" user="$(db_user "$db")" table=sbtest1 \
    rows="$ROWS" threads="$threads" seconds="$DURATION" warmup="$WARMUP" > "$log" 2>&1 || true
  local tps cpu
  tps=$(grep -o 'tx/s=[0-9.]*' "$log" | cut -d= -f2)
  cpu=$(grep -o 'cpu_us_per_tx=[0-9.]*' "$log" | cut -d= -f2)
  echo "| $db | $workload | $threads | plain JDBC | $round | ${tps:-failed, see $log} | | | ${cpu:-} | |" >> "$results"
}

for db in $DBS; do
  for t in sbtest1 cbload1 cbfile1; do
    if table_exists "$db" "$t"; then echo "error: $db has a table $t already (not ours?); stopping" >&2; exit 2; fi
  done
  params=$out/$db.properties
  printf 'workload=oltp_read_write\nduration=%s\noltp.table.size=%s\nusers.mode=shared\nerrors.max=100%%\n' \
    "$DURATION" "$ROWS" > "$params"
  # sysbench's tables are this script's from here on: dropped however it ends
  # (and so is cbfile1, absent at the start)
  trap "sysbench oltp_read_write $(sb_args "$db") --tables=1 cleanup >/dev/null 2>&1 || true; sql $db 'DROP TABLE IF EXISTS cbfile1' >/dev/null 2>&1 || true" EXIT

  # Loaders: sysbench prepare (its data set is then the one every run uses), the database's own
  # client loading those rows from a file (cbfile1), commitbench prepare into tables of its own
  # (cbload1; both dropped again), pgbench -i on PostgreSQL; LOADER_ROUNDS times,
  # sysbench first in odd rounds and last in even ones (it is dropped and loaded again each round).
  for round in $(seq 1 "$LOADER_ROUNDS"); do
    if (( round > 1 )); then sysbench oltp_read_write $(sb_args "$db") --tables=1 cleanup > /dev/null; fi
    if (( round % 2 == 0 )); then
      commitbench_prepare_leg; pgbench_init_leg; sysbench_prepare_leg; client_file_leg
    else
      sysbench_prepare_leg; client_file_leg; commitbench_prepare_leg; pgbench_init_leg
    fi
  done
  rm -f "$out/$db-sbtest1.tsv"

  for round in $(seq 1 "$ROUNDS"); do
    for workload in $WORKLOADS; do
      for threads in $THREADS; do
        # sysbench and commitbench on the same tables, one right after the other; who goes first
        # alternates by round (the plain loop, when asked for, first in even rounds, last in odd ones)
        with_plain=no
        if [[ $PLAIN == 1 && $workload == oltp_point_select ]]; then with_plain=yes; fi
        if (( round % 2 == 0 )); then
          if [[ $with_plain == yes ]]; then plain_leg; fi
          commitbench_leg; sysbench_leg
        else
          sysbench_leg; commitbench_leg
          if [[ $with_plain == yes ]]; then plain_leg; fi
        fi
      done
    done
  done
  sysbench oltp_read_write $(sb_args "$db") --tables=1 cleanup > /dev/null
done

{ echo; cat "$results"; } >> "$summary"
# Per cell, commitbench over sysbench in each round, and their geometric mean: the tool that runs
# second in a pair is slowed by what the first left behind, so a
# cell's figure is the mean over both orders, set against the bars on docs/performance.md.
python3 - "$results" >> "$summary" <<'PY'
import math, sys
runs = {}
for line in open(sys.argv[1]):
    f = [x.strip() for x in line.split("|")[1:-1]]
    if len(f) < 9 or f[3] not in ("commitbench", "sysbench"):
        continue
    try:
        runs[(f[0], f[1], f[2], f[4], f[3])] = (float(f[5]), float(f[8]))
    except ValueError:
        pass  # a failed leg: no figures
cells = sorted({k[:3] for k in runs}, key=lambda c: (c[0], c[1], int(c[2])))
if cells:
    print("\n| db | workload | threads | tx/s ratio by round | CPU ratio by round | geometric mean tx/s, CPU | both bars |")
    print("|---|---|---|---|---|---|---|")
geo = lambda v: math.exp(sum(map(math.log, v)) / len(v))
for c in cells:
    rounds = sorted(r for (db, w, t, r, tool) in runs if (db, w, t) == c and tool == "commitbench" and c + (r, "sysbench") in runs)
    if not rounds:
        continue
    tx = [runs[c + (r, "commitbench")][0] / runs[c + (r, "sysbench")][0] for r in rounds]
    cpu = [runs[c + (r, "commitbench")][1] / runs[c + (r, "sysbench")][1] for r in rounds]
    ok = geo(tx) >= 0.95 and geo(cpu) <= 1.1
    print("| %s | %s | %s | %s | %s | %.2f, %.2f | %s |" % (c[0], c[1], c[2], " / ".join("%.2f" % x for x in tx),
          " / ".join("%.2f" % x for x in cpu), geo(tx), geo(cpu), "yes" if ok else "no"))
PY
cat "$summary"
echo "logs and run folders: $out"
