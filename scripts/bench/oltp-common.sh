# Shared by the OLTP comparison scripts (sourced, not run): how sysbench, commitbench and the
# command-line clients reach the local PostgreSQL and MariaDB.

sb_args() { # the sysbench connection options of a database kind
  case $1 in
    postgresql) echo "--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=5432 --pgsql-user=postgres --pgsql-db=test" ;;
    mariadb) echo "--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=3306 --mysql-user=root --mysql-db=test" ;;
  esac
}
db_user() { # the administrative user the local servers are reached as (no password)
  case $1 in
    postgresql) echo "postgres" ;;
    mariadb) echo "root" ;;
  esac
}
cb_url() {
  case $1 in
    postgresql) echo "jdbc:postgresql://127.0.0.1:5432/test" ;;
    mariadb) echo "jdbc:mariadb://127.0.0.1:3306/test" ;;
  esac
}
sql() { # run one statement, print the result unaligned
  case $1 in
    postgresql) psql -h 127.0.0.1 -U postgres -d test -Atc "$2" ;;
    mariadb) mysql -h 127.0.0.1 -uroot -N -B test -e "$2" ;;
  esac
}
table_exists() { [[ -n $(sql "$1" "SELECT table_name FROM information_schema.tables WHERE table_name = '$2'") ]]; }
ensure_sysbench() {
  if ! command -v sysbench >/dev/null; then
    echo "installing sysbench (apt-get)"; DEBIAN_FRONTEND=noninteractive apt-get install -y sysbench >/dev/null
  fi
  sysbench --version | grep -q '^sysbench 1\.0\.20' || echo "warning: $(sysbench --version), not 1.0.20" >&2
}
