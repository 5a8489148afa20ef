#!/bin/bash
# Entrypoint of the locally built PostgreSQL images (15 and 17: the image's PATH names the
# version's programs). It follows the official image's contract so Testcontainers'
# PostgreSQLContainer works unchanged: POSTGRES_USER/PASSWORD/DB, the scripts in
# /docker-entrypoint-initdb.d run by a temporary server that listens on no TCP port, then the real
# server on 0.0.0.0. Both servers log "ready to accept connections", which the container waits for twice.
set -euo pipefail
bin=$(dirname "$(command -v initdb)")
export PGDATA=${PGDATA:-/var/lib/postgresql/data}
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
[ "${1:-}" = postgres ] && shift
mkdir -p "$PGDATA" /var/run/postgresql
chown -R postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
as_pg() { runuser -u postgres -- "$@"; }

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -n "${POSTGRES_PASSWORD:-}" ]; then
    pwfile=$(mktemp)
    printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
    chown postgres "$pwfile"
    as_pg "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 >/dev/null
    rm -f "$pwfile"
    echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  else
    # Like the official image with POSTGRES_HOST_AUTH_METHOD=trust: no password, no check.
    as_pg "$bin/initdb" -D "$PGDATA" -U "$user" -E UTF8 --locale=C.UTF-8 >/dev/null
    echo "host all all all trust" >>"$PGDATA/pg_hba.conf"
  fi
  as_pg "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses=''" -w start
  if [ "$db" != postgres ]; then
    as_pg "$bin/psql" -v ON_ERROR_STOP=1 -U "$user" -d postgres -c "CREATE DATABASE \"$db\""
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) echo "entrypoint: running $f"; . "$f" ;;
      *.sql) echo "entrypoint: running $f"; as_pg "$bin/psql" -v ON_ERROR_STOP=1 -U "$user" -d "$db" -f "$f" ;;
      *) ;;
    esac
  done
  as_pg "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop
fi
# setpriv execs (runuser would stay as PID 1 and turn a stop signal into SIGTERM, a smart
# shutdown that waits for every client), so `docker stop` with SIGINT is a fast shutdown as with
# the official image's gosu.
exec setpriv --reuid=postgres --regid=postgres --init-groups "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
