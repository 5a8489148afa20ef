#!/bin/bash
# Entrypoint of the locally built MariaDB images (10.11 and 11.8). It follows the official image's
# contract so Testcontainers' MariaDBContainer works unchanged: MARIADB_* or MYSQL_* root password
# (empty allowed with *_ALLOW_EMPTY_*), database, user and password, the scripts in
# /docker-entrypoint-initdb.d run by a temporary server without networking, then the real server
# on 0.0.0.0.
set -euo pipefail
datadir=/var/lib/mysql
[ "${1:-}" = mariadbd ] && shift
mkdir -p "$datadir" /run/mysqld
chown -R mysql:mysql "$datadir" /run/mysqld
env_of() { local a="MARIADB_$1" b="MYSQL_$1"; printf '%s' "${!a:-${!b:-}}"; }
# SQL string literal: backslashes and quotes doubled, so any password is taken as written.
quote() { local s=${1//\\/\\\\}; printf "'%s'" "${s//\'/\'\'}"; }

if [ ! -d "$datadir/mysql" ]; then
  root_pw=$(env_of ROOT_PASSWORD)
  if [ -z "$root_pw" ] && [ -z "$(env_of ALLOW_EMPTY_ROOT_PASSWORD)" ] && [ -z "${MYSQL_ALLOW_EMPTY_PASSWORD:-}" ]; then
    echo "entrypoint: set MARIADB_ROOT_PASSWORD or MARIADB_ALLOW_EMPTY_ROOT_PASSWORD" >&2
    exit 1
  fi
  mariadb-install-db --user=mysql --datadir="$datadir" --skip-test-db --auth-root-authentication-method=normal >/dev/null
  sock=/run/mysqld/init.sock
  mariadbd --user=mysql --datadir="$datadir" --skip-networking --socket="$sock" &
  for _ in $(seq 1 60); do mariadb-admin --socket="$sock" -uroot ping >/dev/null 2>&1 && break; sleep 0.5; done
  {
    echo "DELETE FROM mysql.user WHERE user='';"
    echo "CREATE USER 'root'@'%' IDENTIFIED BY $(quote "$root_pw");"
    echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY $(quote "$root_pw");"
    db=$(env_of DATABASE)
    [ -n "$db" ] && echo "CREATE DATABASE IF NOT EXISTS \`$db\`;"
    user=$(env_of USER)
    if [ -n "$user" ] && [ "$user" != root ]; then
      echo "CREATE USER $(quote "$user")@'%' IDENTIFIED BY $(quote "$(env_of PASSWORD)");"
      [ -n "$db" ] && echo "GRANT ALL ON \`$db\`.* TO $(quote "$user")@'%';"
    fi
    echo "FLUSH PRIVILEGES;"
  } | mariadb --socket="$sock" -uroot
  # From here root has its password; the environment passes it without a prompt or a process argument.
  export MYSQL_PWD=$root_pw
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) echo "entrypoint: running $f"; . "$f" ;;
      *.sql) echo "entrypoint: running $f"; mariadb --socket="$sock" -uroot "${db:-mysql}" <"$f" ;;
      *) ;;
    esac
  done
  mariadb-admin --socket="$sock" -uroot shutdown
  wait
fi
exec mariadbd --user=mysql --datadir="$datadir" --bind-address=0.0.0.0 "$@"
