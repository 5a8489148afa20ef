#!/usr/bin/env bash
# Where a commit's time goes on the lab's hdd and ssd: a lab with both profiles, a managed
# PostgreSQL (pg_wait_sampling preloaded where installed) and MariaDB instance with its log on each
# device, the commit workload at RATES with 4 users on every instance (rounds interleaved over the
# devices), a closed loop of GROUP_USERS users on the hdd (where commits group), and the
# breakdown's own cost: the same closed loop on the ssd with the breakdown off, on, and on with the
# kernel's view, interleaved, and the same against a PostgreSQL without pg_wait_sampling (LOCAL_PG,
# the machine's own service by default: the pg_stat_activity fallback). The rate and closed-loop runs
# trace the kernel's view (breakdown.kernel=true). PHASES chooses the parts. Prints one table per part of the
# question (tab-separated, under OUT/tables.txt too); the runs stay in OUT. The instances and the
# lab are taken down at the end.
#
# usage: sudo scripts/bench/commit-breakdown-lab.sh   (from the repository root, after
#        mvn -B -pl harness-cli -am package -DskipTests; needs what `storage lab up` needs)
# environment: KINDS (postgresql mariadb), RATES (40 200), GROUP_USERS (4 16 32), DURATION (20),
#              WARMUP (3), COST_ROUNDS (3), PHASES (rates closed cost fallback), SSD_PROFILE (ssd; ram
#              gives the cost phases a log device without the host disk's noise),
#              LOCAL_PG (jdbc:postgresql://127.0.0.1:5432/test, user postgres), ROOT (/var/tmp/cb-breakdown-lab),
#              JAR (harness-cli/target/commitbench.jar), OUT (results/commit-breakdown-lab-<UTC time>)
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
read -r -a kinds <<< "${KINDS:-postgresql mariadb}"
read -r -a rates <<< "${RATES:-40 200}"
read -r -a group_users <<< "${GROUP_USERS:-4 16 32}"
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-3}
COST_ROUNDS=${COST_ROUNDS:-3}
PHASES=${PHASES:-rates closed cost fallback}
LOCAL_PG=${LOCAL_PG:-jdbc:postgresql://127.0.0.1:5432/test}
phase() { [[ " $PHASES " == *" $1 "* ]]; }
root=${ROOT:-/var/tmp/cb-breakdown-lab}
jar=${JAR:-$here/harness-cli/target/commitbench.jar}
out=${OUT:-$here/results/commit-breakdown-lab-$(date -u +%Y%m%d-%H%M%S)}
cb() { java -jar "$jar" "$@"; }

[[ -f $jar ]] || { echo "error: no $jar; build it: mvn -B -pl harness-cli -am package -DskipTests" >&2; exit 2; }
[[ $(id -u) == 0 ]] || { echo "error: run as root (the lab and the kernel's view need it)" >&2; exit 2; }
mkdir -p "$out"
instances=()
cleanup() {
  for i in "${instances[@]}"; do cb storage instance destroy --instance "$i" --apply > /dev/null 2>&1 || true; done
  cb storage lab down --root "$root" --delete-kept-logs --apply > /dev/null 2>&1 || true
}
trap cleanup EXIT

echo "== lab up at $root (hdd and ${SSD_PROFILE:-ssd} as the ssd, calibrated)"
cb storage lab up --root "$root" --hdd-profile hdd --ssd-profile "${SSD_PROFILE:-ssd}" --apply | tail -n 8
for kind in "${kinds[@]}"; do
  for dev in hdd ssd; do
    inst=$root-instances/$kind-$dev
    echo "== instance $kind with its log on $dev"
    cb storage instance create --kind "$kind" --instance "$inst" --log-dir "$root/$dev/$kind" --apply > "$out/create-$kind-$dev.txt"
    instances+=("$inst")
    cb storage instance write-log-through --instance "$inst" --apply > /dev/null
  done
done

# CPU seconds of the server whose command line names DIR: its first process, the children it
# reaped, the live ones.
server_cpu() {
  local main tck=$(getconf CLK_TCK) total=0
  main=$(pgrep -o -f -- "$1(/| |$)" || true)
  [[ -n $main ]] || { echo 0; return; }
  total=$(awk '{print $14+$15+$16+$17}' "/proc/$main/stat")
  for child in $(pgrep -P "$main" || true); do
    total=$((total + $(awk '{print $14+$15}' "/proc/$child/stat" 2>/dev/null || echo 0)))
  done
  awk -v t="$total" -v k="$tck" 'BEGIN {printf "%.3f", t / k}'
}

# The commit workload of every run: one 100-byte row per commit; a rate only where a run sets one.
params=$out/commit.properties
printf 'workload=commit\ncommit.mode=insert\ncommit.rows=1\nrow.bytes=100\n' > "$params"

# run ID INSTANCE|URL KEY=VALUE...: one run, its server CPU seconds beside it in ID.server-cpu
run() {
  local id=$1 target=$2; shift 2
  local args=(run "$params" --set duration="$DURATION" --set warmup="$WARMUP" --set results.dir="$out"
    --set run.id="$id") dir=$target
  if [[ $target == jdbc:* ]]; then
    args+=(--set db.url="$target" --set db.user=postgres)
    dir=$(psql -X -At -d "${target#jdbc:}" -U postgres -c 'SHOW data_directory')
  else
    args+=(--set db.instance="$target")
  fi
  for kv in "$@"; do args+=(--set "$kv"); done
  local before after
  before=$(server_cpu "$dir")
  cb "${args[@]}" > "$out/$id.log" 2>&1 || echo "warning: run $id exited $? (see $out/$id.log)"
  after=$(server_cpu "$dir")
  echo "$before $after" > "$out/$id.server-cpu"
  echo "   $id: $(grep -m1 -E '^Throughput|tx/s' "$out/$id.log" | head -c 100 || true)"
}

# The breakdown's keys of the cost phases' arms.
arm() {
  case $1 in
    off) echo breakdown=false ;;
    on) echo breakdown.kernel=false ;;
    kernel) echo breakdown.kernel=true ;;
  esac
}

if phase rates; then
  echo "== rates ${rates[*]}, 4 users, devices interleaved"
  for kind in "${kinds[@]}"; do
    for rate in "${rates[@]}"; do
      for dev in hdd ssd; do
        run "$kind-$dev-rate$rate" "$root-instances/$kind-$dev" rate="$rate" users=4 breakdown.kernel=true
      done
    done
  done
fi
if phase closed; then
  echo "== closed loop on the hdd: ${group_users[*]} users"
  for kind in "${kinds[@]}"; do
    for users in "${group_users[@]}"; do
      run "$kind-hdd-closed$users" "$root-instances/$kind-hdd" users="$users" breakdown.kernel=true
    done
  done
fi
if phase cost; then
  echo "== the breakdown's cost: closed loop, 4 users, ssd; off, on and with the kernel's view interleaved"
  for kind in "${kinds[@]}"; do
    for round in $(seq 1 "$COST_ROUNDS"); do
      for state in off on kernel; do
        run "$kind-ssd-cost$round-$state" "$root-instances/$kind-ssd" users=4 "$(arm "$state")"
      done
    done
  done
fi
if phase fallback; then
  echo "== the fallback's cost: closed loop, 4 users, $LOCAL_PG (no pg_wait_sampling); off and on"
  for round in $(seq 1 "$COST_ROUNDS"); do
    for state in off on; do
      run "fallback-cost$round-$state" "$LOCAL_PG" users=4 "$(arm "$state")"
    done
  done
fi

python3 "$here/scripts/bench/commit-breakdown-tables.py" "$out" | tee "$out/tables.txt"
