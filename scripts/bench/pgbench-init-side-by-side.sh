#!/usr/bin/env bash
# pgbench's data set made by `pgbench -i -s N` (its default steps dtgvp: drop, create, client-side
# COPY on one connection, VACUUM ANALYZE, primary keys) and by commitbench's loader of the same data
# set (io.commitbench.core.workload.script.dataset.PgbenchDataSet: COPY on THREADS connections, then
# the keys, then VACUUM ANALYZE), on the local PostgreSQL, in rounds: each round runs both tools at
# each scale, one after the other, the first tool alternating from round to round, a CHECKPOINT
# before every run. Both make pgbench's own four tables in a database of this script's own, created
# at the start and dropped at the end.
#
# commitbench's side runs io.commitbench.bench.PgbenchInitLoad from src-test/jmh's benchmarks.jar,
# which drives PgbenchDataSet with a real LoadContext (the steps `commitbench prepare` runs for the
# script workload), timed from the drop to the statistics; pgbench's time is its own "done in".
#
# Prints one line per run (tool, scale, round, seconds, rows/s, rows being branches + tellers +
# accounts), then per scale each tool's median rows/s and the ratio commitbench / pgbench of every
# round with their median.
#
# usage: scripts/bench/pgbench-init-side-by-side.sh   (from the repository root, after
#        `mvn -B -pl src-test/jmh -am package -DskipTests`; needs pgbench and psql, and the local
#        PostgreSQL at 127.0.0.1:5432 with user postgres trusted)
# environment: SCALES (default "10 50"), ROUNDS (2), THREADS (commitbench's load connections; default
#              the machine's CPUs), DB (the database made and dropped; default cb_bench_pgbinit)
set -euo pipefail

SCALES=${SCALES:-"10 50"}
ROUNDS=${ROUNDS:-2}
THREADS=${THREADS:-$(nproc)}
DB=${DB:-cb_bench_pgbinit}
HERE=$(cd "$(dirname "$0")" && pwd)
JAR=$HERE/../../src-test/jmh/target/benchmarks.jar
[ -f "$JAR" ] || { echo "missing $JAR: mvn -B -pl src-test/jmh -am package -DskipTests" >&2; exit 1; }
command -v pgbench >/dev/null || { echo "pgbench is missing (Debian: apt-get install postgresql-client)" >&2; exit 1; }
WORK=$(mktemp -d /tmp/pgbench-init.XXXXXX)

psql_admin() { psql -h 127.0.0.1 -U postgres -d postgres -v ON_ERROR_STOP=1 -Atqc "$1"; }
cleanup() { psql_admin "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true; rm -rf "$WORK"; }
trap cleanup EXIT
psql_admin "DROP DATABASE IF EXISTS $DB"
psql_admin "CREATE DATABASE $DB"

run_pgbench() { # scale: prints seconds
  pgbench -h 127.0.0.1 -U postgres -i -s "$1" "$DB" > "$WORK/pgbench.out" 2>&1 \
    || { cat "$WORK/pgbench.out" >&2; return 1; }
  sed -n 's/^done in \([0-9.]*\) s.*/\1/p' "$WORK/pgbench.out"
}
run_commitbench() { # scale: prints seconds
  java -cp "$JAR" io.commitbench.bench.PgbenchInitLoad "jdbc:postgresql://127.0.0.1:5432/$DB" postgres "$1" \
    "$THREADS" > "$WORK/commitbench.out" 2>&1 || { cat "$WORK/commitbench.out" >&2; return 1; }
  sed -n 's/^commitbench rows=[0-9]* seconds=\([0-9.]*\)$/\1/p' "$WORK/commitbench.out"
}

echo "tool scale round seconds rows/s   (commitbench on $THREADS connections)"
: > "$WORK/runs"
for round in $(seq 1 "$ROUNDS"); do
  for scale in $SCALES; do
    if ((round % 2)); then order="pgbench commitbench"; else order="commitbench pgbench"; fi
    for tool in $order; do
      psql_admin "CHECKPOINT"
      seconds=$("run_$tool" "$scale")
      rows=$((scale * 100011))
      rate=$(awk -v r="$rows" -v s="$seconds" 'BEGIN { printf "%.0f", r / s }')
      echo "$tool $scale $round $seconds $rate" | tee -a "$WORK/runs"
    done
  done
done

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for scale in $SCALES; do
  pg=$(awk -v s="$scale" '$1 == "pgbench" && $2 == s { print $5 }' "$WORK/runs" | median)
  cb=$(awk -v s="$scale" '$1 == "commitbench" && $2 == s { print $5 }' "$WORK/runs" | median)
  ratios=$(awk -v s="$scale" '$2 == s { r[$3, $1] = $5; n[$3] = 1 }
    END { for (k in n) printf "%.2f\n", r[k, "commitbench"] / r[k, "pgbench"] }' "$WORK/runs" | sort -g)
  printf "scale %s: pgbench %.0f rows/s, commitbench %.0f rows/s (medians); ratio per round %s, median %s\n" \
    "$scale" "$pg" "$cb" "$(echo $ratios | tr ' ' ',')" "$(echo "$ratios" | median)"
done
