#!/usr/bin/env bash
# Start-up of a run with many users against real servers: how long the actors' connections take
# to be ready ("connected: N actors in X s", from the pools' start to the last actor's session)
# and the run's whole wall time, for a paper run of USERS actors with one statement of each kind
# (repeat=1), in both users.mode values. A shared server's defaults allow fewer connections than a
# 1,000-user run needs, so each database kind gets a private instance of its own (commitbench
# storage instance create) with max_connections raised to USERS + 50; it is destroyed at the end,
# however the script ends.
#
#   scripts/bench/startup-many-users.sh                      # 1,000 users, PostgreSQL and MariaDB, 2 rounds
#   USERS=500 ROUNDS=3 DBS=mariadb scripts/bench/startup-many-users.sh
#
# Needs root (the instances run as the servers' OS users), the server binaries of Debian's
# postgresql and mariadb-server packages, and the jar (mvn -B -pl harness-cli -am package
# -DskipTests). Writes results/startup-many-users-<time>/summary.md, every run's log and results
# folder, and the storage agent's journals of the instances it made and destroyed.
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
jar=${JAR:-$here/harness-cli/target/commitbench.jar}
USERS=${USERS:-1000}
ROUNDS=${ROUNDS:-2}
DBS=${DBS:-"postgresql mariadb"}
root=${ROOT:-/var/tmp/cb-startup-$$}
out=${OUT:-$here/results/startup-many-users-$(date -u +%Y%m%d-%H%M%S)}

[[ -f $jar ]] || { echo "error: no $jar; build it: mvn -B -pl harness-cli -am package -DskipTests" >&2; exit 2; }
[[ $USERS =~ ^[1-9][0-9]*$ ]] || { echo "error: USERS must be a positive whole number, not '$USERS'" >&2; exit 2; }
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || { echo "error: ROUNDS must be a positive whole number, not '$ROUNDS'" >&2; exit 2; }
for db in $DBS; do
  case $db in postgresql | mariadb) ;; *) echo "error: unknown database '$db' in DBS; allowed: postgresql, mariadb" >&2; exit 2 ;; esac
done
[[ ! -e $root ]] || { echo "error: $root exists (not ours); set ROOT to a new directory" >&2; exit 2; }
mkdir -p "$out" "$root"

cb() { java -jar "$jar" "$@"; }
instances=()
destroy_instances() {
  for inst in "${instances[@]}"; do
    cb storage instance destroy --instance "$inst" --apply >> "$out/instances.log" 2>&1 \
      || echo "warning: could not destroy $inst; see $out/instances.log" >&2
  done
  # the agent's journals of what create and destroy did go with this script's results
  mv "$root"/*.lifecycle "$out"/ 2>/dev/null || true
  rmdir "$root" 2>/dev/null || echo "warning: $root is not empty; left in place" >&2
}
trap destroy_instances EXIT

port_of() { sed -n 's#^db.url=jdbc:[a-z]*://127.0.0.1:\([0-9]*\)/.*#\1#p' "$1/connection.properties"; }
user_of() { sed -n 's/^db.user=//p' "$1/connection.properties"; }
# raise_connections DB INSTANCE: max_connections = USERS + 50 (the admin and monitor connections)
raise_connections() {
  local port user; port=$(port_of "$2"); user=$(user_of "$2")
  case $1 in
    postgresql)
      # not dynamic in PostgreSQL: set in the cluster's postgresql.auto.conf, then a restart
      psql -X -q -h 127.0.0.1 -p "$port" -U "$user" -d postgres -c "ALTER SYSTEM SET max_connections = $((USERS + 50))"
      cb storage instance stop --instance "$2" >> "$out/instances.log" 2>&1
      cb storage instance start --instance "$2" >> "$out/instances.log" 2>&1
      psql -X -At -h 127.0.0.1 -p "$port" -U "$user" -d postgres -c "SHOW max_connections" ;;
    mariadb)
      mysql -h 127.0.0.1 -P "$port" -u"$user" -N -e "SET GLOBAL max_connections = $((USERS + 50)); SELECT @@max_connections" ;;
  esac
}

summary=$out/summary.md
{
  echo "# start-up of a $USERS-user paper run (repeat=1), $(date -u +%FT%TZ), $(nproc) cores"
  echo
  echo "| db | users.mode | round | connected (s) | whole run wall time (s) | exit |"
  echo "|---|---|---|---|---|---|"
} > "$summary"

for db in $DBS; do
  inst=$root/$db
  echo "== $db: private instance at $inst ($(date -u +%T))"
  instances+=("$inst") # before create: a half-made instance is destroyed too
  cb storage instance create --kind "$db" --instance "$inst" --apply >> "$out/instances.log" 2>&1
  echo "max_connections: $(raise_connections "$db" "$inst")"
  for round in $(seq 1 "$ROUNDS"); do
    for mode in shared db-users; do
      log=$out/$db-$mode-r$round.log
      s=$(date +%s.%N)
      rc=0
      cb run "$here/config/paper.properties" --set db.instance="$inst" --set results.dir="$out/runs" \
        --set users="$USERS" --set users.mode="$mode" \
        --set repeat=1 --set sleep=0 --set tablename=1 --set tableinsertnumber=1 --set tableselectnumber=1 \
        --set tableupdatenumber=1 --set tabledeletenumber=1 > "$log" 2>&1 || rc=$?
      e=$(date +%s.%N)
      connected=$(grep -o 'connected: [0-9]* actors in [0-9.]* s' "$log" | grep -o '[0-9.]* s$' | tr -d ' s' || true)
      line="| $db | $mode | $round | ${connected:-none, see $log} | $(echo "$e - $s" | bc) | $rc |"
      echo "$line"; echo "$line" >> "$summary"
    done
  done
done
echo "summary: $summary"
