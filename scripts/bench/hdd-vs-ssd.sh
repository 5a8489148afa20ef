#!/usr/bin/env bash
# The paper's question on lab devices: runs the campaigns config/campaign-hdd-vs-ssd.properties
# (the commit workload) and config/campaign-hdd-vs-ssd-paper.properties (the paper's), each cell
# a managed PostgreSQL or MariaDB with its log on the lab's hdd or on its ssd. The campaign
# command does everything (the lab, the instances, the runs, the tables) and removes what it
# made; this script only calls it.
#
#   sudo bash scripts/bench/hdd-vs-ssd.sh            # both campaigns
#   bash scripts/bench/hdd-vs-ssd.sh plan            # what a run would do; changes nothing
#   bash scripts/bench/hdd-vs-ssd.sh --help
#
# Environment: JAR (default harness-cli/target/commitbench.jar). Needs root, loop devices, FUSE
# with nbdkit and nbdfuse and both servers' programs, as `campaign run` says; the tables are in
# campaigns/hdd-vs-ssd/campaign.md and campaigns/hdd-vs-ssd-paper/campaign.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

case ${1:-run} in
  run|plan|report) action=${1:-run} ;;
  -h|--help) sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "$0"; exit 0 ;;
  *) echo "error: '$1': allowed: run (the default), plan, report, --help" >&2; exit 2 ;;
esac
JAR=${JAR:-harness-cli/target/commitbench.jar}
[ -f "$JAR" ] || { echo "error: no $JAR; build it: mvn -B -pl harness-cli -am package -DskipTests" >&2; exit 2; }
for campaign in config/campaign-hdd-vs-ssd.properties config/campaign-hdd-vs-ssd-paper.properties; do
  java -jar "$JAR" campaign "$action" "$campaign"
done
