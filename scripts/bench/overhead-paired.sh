#!/usr/bin/env bash
# The harness's own cost against a plain JDBC loop issuing the same statements on the same number
# of threads, measured side by side: two JVMs started together, one running only commitbench legs
# and one only plain-loop legs (ServerOverhead side=harness / side=plain), against the same server
# at the same time. What moves both sides (the server's group commit, its caches, the load on the
# other core) then cancels in their ratio; legs run one after the other, as ServerOverhead's
# mirrored rounds run them, differ from round to round by more than the bar being measured
# (see docs/performance.md). Per round: each side's statements/s and its JVM's CPU time per
# statement over its measured window; per cell the median ratio (harness over plain) and its range,
# from io.commitbench.bench.RoundRatios in the same jar. --help prints this and exits.
# CONTROL=1 also runs plain beside plain: how far two identical sides differ is the method's noise.
# PLAIN_SESSION=driver leaves out the plain loops' session statement timeout (see below).
# WARMUP_LEGS=harness warms the plain side up with harness legs (see below).
# CONTROL=timed runs, instead, a plain side that times every statement (the clock before and after
# it, the latency into a histogram of its thread's own) beside an untimed one: the least any harness
# that times each call costs on the host, a floor under the harness's ratio.
# JAVA_OPTS: JVM options for both sides' JVMs (say -XX:+UseTransparentHugePages).
# HARNESS_KEYS: more keys for the harness legs, key=value items separated by ; (say report.interval=60,
# which leaves the actors without the interval reporter's work each second).
# PLAIN_CONNECTIONS=pool gives the plain loops' threads their connections from a HikariCP pool of
# one, as the harness's actors get theirs; CONTROL=pool runs, instead of plain beside plain, a
# pooled plain side beside a plain side on the driver's connections: the pool's own cost.
#
#   scripts/bench/overhead-paired.sh                     # commit and paper, PostgreSQL and MariaDB, 1 4 10 users
#   CELLS="postgresql:commit" USERS="1" ROUNDS=5 CONTROL=1 scripts/bench/overhead-paired.sh
#   CELLS="postgresql:commit" USERS="4" ROUNDS=3 CONTROL=pool scripts/bench/overhead-paired.sh
#
# Needs the local PostgreSQL and MariaDB and the benchmarks jar (mvn -B -pl src-test/jmh -am package
# -DskipTests). Tables are cbovhpa_*/cbovhpb_* (cbovppa_*/cbovppb_* for the control), dropped after each leg;
# when the script is stopped (Ctrl-C, kill) or a side fails, it stops both sides and drops what they left.
set -euo pipefail
if [[ ${1:-} == --help || ${1:-} == -h ]]; then sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0; fi

here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/scripts/bench/oltp-common.sh"
jar=${JAR:-$here/src-test/jmh/target/benchmarks.jar}
CELLS=${CELLS:-"postgresql:commit mariadb:commit postgresql:paper mariadb:paper"}
USERS=${USERS:-"1 4 10"}
ROUNDS=${ROUNDS:-5}
WARMUPS=${WARMUPS:-1}
TRANSACTIONS=${TRANSACTIONS:-15000}
PERTABLE=${PERTABLE:-500}
REPEAT=${REPEAT:-3}
CONTROL=${CONTROL:-0}
# harness (the default): the plain loops' connections begin with the session setting the actors'
# do, the statement timeout (SET statement_timeout / max_statement_time), so both sides send the
# server the same statements; driver: the plain loops set nothing
PLAIN_SESSION=${PLAIN_SESSION:-harness}
# own (the default): each side's warm-up rounds run its own legs; harness: the first 2 legs of the
# plain side's warm-up rounds are harness legs, so its JVM has run what the harness's has before
# its measured plain legs (the last 2 warm its own loop up)
WARMUP_LEGS=${WARMUP_LEGS:-own}
# driver (the default): the plain loops' threads connect through the driver; pool: each through a
# HikariCP pool of one connection, as each actor does
PLAIN_CONNECTIONS=${PLAIN_CONNECTIONS:-driver}
case $CONTROL in 0|1|pool|timed) ;; *) echo "error: CONTROL=$CONTROL: allowed: 0, 1, pool, timed" >&2; exit 2 ;; esac
out=${OUT:-$here/results/overhead-paired-$(date -u +%Y%m%d-%H%M%S)}
[[ -f $jar ]] || { echo "error: no $jar; build it: mvn -B -pl src-test/jmh -am package -DskipTests" >&2; exit 2; }
mkdir -p "$out"
summary=$out/summary.md
{
  echo "# harness beside a plain JDBC loop, side by side, $(date -u +%FT%TZ), $(nproc) cores"
  echo "rounds $ROUNDS after $WARMUPS warm-up; JVM options: ${JAVA_OPTS:-none}; harness keys: ${HARNESS_KEYS:-none}; each round 4 legs per side (commit: $TRANSACTIONS transactions a leg; paper: 2 tables x $PERTABLE rows, repeat $REPEAT); plain loops' session: $PLAIN_SESSION; warm-up legs: $WARMUP_LEGS; plain loops' connections: $PLAIN_CONNECTIONS"
  echo
  echo "| db | workload | users | pair | throughput ratio median (range) | CPU per statement ratio median (range) | side A µs CPU/statement | side B |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$summary"

# The tables a side killed mid-leg leaves: only the names this script gives its sides (names=hpa, hpb, ppa, ppb).
leftover_tables() {
  local schema
  case $1 in postgresql) schema="current_schema()" ;; mariadb) schema="DATABASE()" ;; esac
  sql "$1" "SELECT table_name FROM information_schema.tables WHERE table_schema = $schema AND (table_name LIKE 'cbovhpa\_%'
    OR table_name LIKE 'cbovhpb\_%' OR table_name LIKE 'cbovppa\_%' OR table_name LIKE 'cbovppb\_%')"
}
sides=()
stop_sides() {
  local pid db table
  for pid in "${sides[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${sides[@]}"; do wait "$pid" 2>/dev/null || true; done
  sides=()
  for db in $(for cell in $CELLS; do echo "${cell%%:*}"; done | sort -u); do
    for table in $(leftover_tables "$db"); do
      echo "dropping $table, left on $db by a side that was stopped" >&2
      sql "$db" "DROP TABLE $table" >/dev/null
    done
  done
}
trap 'exit 130' INT
trap 'exit 143' TERM
trap stop_sides EXIT

connection() { # the local servers' URL and user, as oltp-common.sh names them
  case $1 in
    postgresql|mariadb) echo "url=$(cb_url "$1") user=$(db_user "$1")" ;;
    *) echo "error: unknown database '$1'; allowed: postgresql, mariadb" >&2; exit 2 ;;
  esac
}

# pair DB WORKLOAD USERS SIDE_A SIDE_B [CONNECTIONS_A CONNECTIONS_B [TIMING_A TIMING_B]]: both sides at
# once, the plain loops' connections as PLAIN_CONNECTIONS says unless given per side, their statements
# untimed unless a side's TIMING is histogram; one line of the summary
pair() {
  local db=$1 workload=$2 users=$3 a=$4 b=$5 conn_a=${6:-$PLAIN_CONNECTIONS} conn_b=${7:-$PLAIN_CONNECTIONS} size
  local timing_a=${8:-none} timing_b=${9:-none}
  if [[ $workload == commit ]]; then size="transactions=$TRANSACTIONS"; else size="tables=2 pertable=$PERTABLE repeat=$REPEAT"; fi
  local label="$a beside $b"
  [[ $conn_a == "$conn_b" ]] || label="$a ($conn_a) beside $b ($conn_b)"
  [[ $timing_a == "$timing_b" ]] || label="$a (timing: $timing_a) beside $b (timing: $timing_b)"
  local name=$db-$workload-$users-$a-$conn_a-$timing_a-beside-$b-$conn_b-$timing_b
  # sync: both sides start every leg together (a harness leg is followed by its report, a plain one is not)
  local common="$(connection "$db") workload=$workload users=$users rounds=$ROUNDS warmups=$WARMUPS $size plainSession=$PLAIN_SESSION warmupLegs=$WARMUP_LEGS harnessKeys=${HARNESS_KEYS:-} sync=$out/legs-$name"
  local log_a=$out/$name.a.log log_b=$out/$name.b.log
  echo "== $db $workload users=$users: $label ($(date -u +%T))"
  java ${JAVA_OPTS:-} -cp "$jar" io.commitbench.bench.ServerOverhead $common side=$a plainConnections=$conn_a plainTiming=$timing_a names=${a:0:1}${b:0:1}a > "$log_a" 2>&1 &
  local pid_a=$!
  java ${JAVA_OPTS:-} -cp "$jar" io.commitbench.bench.ServerOverhead $common side=$b plainConnections=$conn_b plainTiming=$timing_b names=${a:0:1}${b:0:1}b > "$log_b" 2>&1 &
  local pid_b=$!
  sides=("$pid_a" "$pid_b")
  # Whichever side ends first: one that failed mid-run would leave the other waiting at the next leg's
  # barrier for 10 minutes, so the other is stopped at once (and what it left dropped).
  local failed=0 first other status
  wait -n -p first "$pid_a" "$pid_b" && status=0 || status=$?
  if (( status != 0 )); then
    failed=1
    echo "error: the $([[ $first == "$pid_a" ]] && echo "$a" || echo "$b") side ended with status $status; stopping the other" >&2
    stop_sides
  else
    other=$([[ $first == "$pid_a" ]] && echo "$pid_b" || echo "$pid_a")
    wait "$other" || failed=1
  fi
  sides=()
  if (( failed )); then echo "error: a side failed; see $log_a and $log_b" >&2; exit 1; fi
  python3 - "$log_a" "$log_b" "$db" "$workload" "$users" "$label" "$jar" >> "$summary" <<'PY'
import re, subprocess, sys
def rounds(path):
    out = {}
    for m in re.finditer(r"^users=\S+ round (\d+): \S+ ([\d,]+) statements/s at ([\d,]+) ns CPU each", open(path).read(), re.M):
        out[int(m.group(1))] = (float(m.group(2).replace(",", "")), float(m.group(3).replace(",", "")))
    return out
a, b = rounds(sys.argv[1]), rounds(sys.argv[2])
common = sorted(set(a) & set(b))
# the median of the rounds' ratios and their range, as ServerOverhead computes them
pairs = "".join(" ".join("%r/%r" % (a[r][k], b[r][k]) for r in common) + "\n" for k in (0, 1))
tp, cpu = subprocess.run(["java", "-cp", sys.argv[7], "io.commitbench.bench.RoundRatios"], input=pairs, check=True,
                         capture_output=True, text=True).stdout.splitlines()
print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6], tp, cpu,
      " ".join("%.1f" % (a[r][1] / 1000) for r in common), " ".join("%.1f" % (b[r][1] / 1000) for r in common)))
PY
  tail -1 "$summary"
}

for cell in $CELLS; do
  db=${cell%%:*}; workload=${cell##*:}
  for users in $USERS; do
    pair "$db" "$workload" "$users" harness plain
    if [[ $CONTROL == 1 ]]; then pair "$db" "$workload" "$users" plain plain; fi
    if [[ $CONTROL == pool ]]; then pair "$db" "$workload" "$users" plain plain pool driver; fi
    if [[ $CONTROL == timed ]]; then pair "$db" "$workload" "$users" plain plain "$PLAIN_CONNECTIONS" "$PLAIN_CONNECTIONS" histogram none; fi
  done
done
echo; cat "$summary"
echo "logs: $out"
