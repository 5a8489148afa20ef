#!/usr/bin/env bash
# Prepares this host for the test suite (the README's test command runs it before `mvn -B verify`):
# the local PostgreSQL and MariaDB services the integration tests use are started if they are down,
# and the programs the storage tests need are installed from Debian's packages when missing.
# What cannot be had is said, and the tests that need it report themselves skipped with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."

wait_for() { # description, probe command...
  local what=$1; shift
  for _ in $(seq 1 60); do
    if "$@" >/dev/null 2>&1; then echo "setup: $what is up"; return 0; fi
    sleep 1
  done
  echo "setup: $what did not come up within 60 s" >&2
  return 1
}

if ! pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1; then
  echo "setup: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi
wait_for "PostgreSQL (127.0.0.1:5432)" pg_isready -h 127.0.0.1 -p 5432

if ! mysqladmin -uroot -h127.0.0.1 --connect-timeout=2 ping >/dev/null 2>&1; then
  echo "setup: starting MariaDB"
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd || true
fi
wait_for "MariaDB (127.0.0.1:3306)" mysqladmin -uroot -h127.0.0.1 --connect-timeout=2 ping

# Filesystem tools the storage tests use (lab devices on xfs and btrfs; ext4's come with Debian),
# and the browser the report tests use.
missing=()
command -v mkfs.xfs >/dev/null 2>&1 || missing+=(xfsprogs)
command -v mkfs.btrfs >/dev/null 2>&1 || missing+=(btrfs-progs)
# Lab devices of profile hdd and ssd (LabProfileIT): nbdkit with its delay and rate filters,
# nbdfuse (libnbd-bin) to expose the served disk as a file, fusermount3 (fuse3) to unmount it;
# fio measures each lab device after `storage lab up`.
command -v nbdkit >/dev/null 2>&1 || missing+=(nbdkit)
command -v nbdfuse >/dev/null 2>&1 || missing+=(libnbd-bin)
command -v fusermount3 >/dev/null 2>&1 || missing+=(fuse3)
command -v fio >/dev/null 2>&1 || missing+=(fio)
# Lab devices of the disk and flash models: `storage lab up` compiles their nbdkit plugins
# (storage-agent/src/main/device-models) with cc against nbdkit-plugin.h.
command -v cc >/dev/null 2>&1 || missing+=(gcc)
[ -e /usr/include/nbdkit-plugin.h ] || missing+=(nbdkit-plugin-dev)
# pgbench (Debian's postgresql-client) makes the reference data set PgbenchDataSetIT compares with.
command -v pgbench >/dev/null 2>&1 || missing+=(postgresql-client)
# The commit breakdown's kernel view traces the servers' syncs with perf (linux-perf); managed
# PostgreSQL instances preload pg_wait_sampling for their wait events where its package is installed.
command -v perf >/dev/null 2>&1 || missing+=(linux-perf)
for pg in /usr/lib/postgresql/*/lib; do
  major=$(basename "$(dirname "$pg")")
  [ -e "$pg/pg_wait_sampling.so" ] || missing+=("postgresql-$major-pg-wait-sampling")
done
# Debian's Chromium opens report.html and compare's HTML headless in ResultsInBrowserTest.
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 \
    || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q "${missing[@]}" >/dev/null; } \
    || echo "setup: could not install ${missing[*]}; the tests that need them report themselves skipped"
fi


# The throwaway VM in which LayoutInVmIT runs the LVM, jfs and vfat sequences (for a kernel without
# device-mapper, jfs or vfat). Without it those tests report themselves skipped with the reason.
bash scripts/vm/prepare.sh \
  || echo "setup: no throwaway VM (reason above); LayoutInVmIT and ThrowawayVmIT report themselves skipped"
