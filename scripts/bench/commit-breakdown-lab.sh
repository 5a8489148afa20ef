#!/usr/bin/env bash
# Where a commit's time goes on the lab's hdd and ssd: a lab with both profiles, a managed
# PostgreSQL (pg_wait_sampling preloaded where installed) and MariaDB instance with its log on each
# device, the commit workload at RATES with 4 users on every instance (rounds interleaved over the
# devices), a closed loop of GROUP_USERS users on the hdd (where commits group), and the
# breakdown's own cost: the same closed loop on the ssd with breakdown=false and true, interleaved.
# Every run traces the kernel's view (breakdown.kernel=true). Prints one table per part of the
# question (tab-separated, under OUT/tables.txt too); the runs stay in OUT. The instances and the
# lab are taken down at the end.
#
# usage: sudo scripts/bench/commit-breakdown-lab.sh   (from the repository root, after
#        mvn -B -pl harness-cli -am package -DskipTests; needs what `storage lab up` needs)
# environment: KINDS (postgresql mariadb), RATES (40 200), GROUP_USERS (4 16 32), DURATION (20),
#              WARMUP (3), COST_ROUNDS (3), ROOT (/var/tmp/cb-breakdown-lab),
#              JAR (harness-cli/target/commitbench.jar), OUT (results/commit-breakdown-lab-<UTC time>)
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
read -r -a kinds <<< "${KINDS:-postgresql mariadb}"
read -r -a rates <<< "${RATES:-40 200}"
read -r -a group_users <<< "${GROUP_USERS:-4 16 32}"
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-3}
COST_ROUNDS=${COST_ROUNDS:-3}
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

echo "== lab up at $root (hdd and ssd, calibrated)"
cb storage lab up --root "$root" --hdd-profile hdd --ssd-profile ssd --apply | tail -n 8
for kind in "${kinds[@]}"; do
  for dev in hdd ssd; do
    inst=$root-instances/$kind-$dev
    echo "== instance $kind with its log on $dev"
    cb storage instance create --kind "$kind" --instance "$inst" --log-dir "$root/$dev/$kind" --apply > "$out/create-$kind-$dev.txt"
    instances+=("$inst")
    cb storage instance write-log-through --instance "$inst" --apply > /dev/null
  done
done

# CPU seconds of an instance's server: its first process, the children it reaped, the live ones.
server_cpu() {
  local main tck=$(getconf CLK_TCK) total=0
  main=$(pgrep -o -f -- "$1/" || true)
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

# run ID INSTANCE KEY=VALUE...: one run, its server CPU seconds beside it in ID.server-cpu
run() {
  local id=$1 inst=$2; shift 2
  local args=(run "$params" --set db.instance="$inst" --set duration="$DURATION"
    --set warmup="$WARMUP" --set breakdown.kernel=true --set results.dir="$out" --set run.id="$id")
  for kv in "$@"; do args+=(--set "$kv"); done
  local before after
  before=$(server_cpu "$inst")
  cb "${args[@]}" > "$out/$id.log" 2>&1 || echo "warning: run $id exited $? (see $out/$id.log)"
  after=$(server_cpu "$inst")
  echo "$before $after" > "$out/$id.server-cpu"
  echo "   $id: $(grep -m1 -E '^Throughput|tx/s' "$out/$id.log" | head -c 100 || true)"
}

echo "== rates ${rates[*]}, 4 users, devices interleaved"
for kind in "${kinds[@]}"; do
  for rate in "${rates[@]}"; do
    for dev in hdd ssd; do
      run "$kind-$dev-rate$rate" "$root-instances/$kind-$dev" rate="$rate" users=4
    done
  done
done
echo "== closed loop on the hdd: ${group_users[*]} users"
for kind in "${kinds[@]}"; do
  for users in "${group_users[@]}"; do
    run "$kind-hdd-closed$users" "$root-instances/$kind-hdd" users="$users"
  done
done
echo "== the breakdown's cost: closed loop, 4 users, ssd, off and on interleaved"
for kind in "${kinds[@]}"; do
  for round in $(seq 1 "$COST_ROUNDS"); do
    for state in false true; do
      run "$kind-ssd-cost$round-$state" "$root-instances/$kind-ssd" users=4 breakdown="$state"
    done
  done
done

python3 "$here/scripts/bench/commit-breakdown-tables.py" "$out" | tee "$out/tables.txt"
