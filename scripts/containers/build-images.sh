#!/usr/bin/env bash
# Builds the database images the integration tests use, without a registry: PostgreSQL 15 and
# MariaDB 10.11 from Debian bookworm (the versions of the machine's own services, the default
# targets) and PostgreSQL 17 and MariaDB 11.8 from trixie (the second column of the version
# matrix). Per Debian suite a debootstrap minbase tree from the machine's Debian mirror, per image
# a copy with the server installed through chroot, the entrypoint, and `docker import`. Needs the
# engine on DOCKER_HOST.
# Cached: an image whose recipe hash (this script and its entrypoint) matches is kept; a changed
# recipe rebuilds it. The trees live outside the clone (CI clones afresh each run).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${COMMITBENCH_IMAGE_CACHE:-/var/cache/commitbench/images}
mirror=${COMMITBENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
: "${DOCKER_HOST:?DOCKER_HOST must name the private engine (scripts/containers/engine.sh host)}"

base_tree() {
  local suite=$1
  if [ ! -e "$cache/base-$suite/.complete" ]; then
    echo "images: debootstrap minbase $suite from $mirror"
    rm -rf "$cache/base-$suite"
    mkdir -p "$cache"
    debootstrap --variant=minbase "$suite" "$cache/base-$suite" "$mirror" >"$cache/debootstrap-$suite.log" 2>&1 \
      || { tail -n 20 "$cache/debootstrap-$suite.log" >&2; exit 1; }
    touch "$cache/base-$suite/.complete"
  fi
}

# suite tag entrypoint cmd port env packages...
build() {
  local suite=$1 tag=$2 entrypoint=$3 cmd=$4 port=$5 env=$6; shift 6
  local recipe name=${tag%%:*}-$suite
  recipe=$( (cat "$0" "$here/$entrypoint"; echo "$suite $*") | sha256sum | cut -c1-16)
  if docker image inspect "$tag" --format '{{range .Config.Env}}{{println .}}{{end}}' 2>/dev/null \
      | grep -qx "COMMITBENCH_RECIPE=$recipe"; then
    echo "images: $tag is up to date (recipe $recipe)"
    return
  fi
  base_tree "$suite"
  local started=$SECONDS tree="$cache/$name"
  echo "images: building $tag (recipe $recipe)"
  rm -rf "$tree"
  cp -a "$cache/base-$suite" "$tree"
  # Package scripts must not start the server inside the chroot.
  printf '#!/bin/sh\nexit 101\n' >"$tree/usr/sbin/policy-rc.d"
  chmod +x "$tree/usr/sbin/policy-rc.d"
  # /proc and /dev are mounted in a private mount namespace, so they vanish with it even on failure.
  unshare --mount bash -euc '
    tree=$1; shift
    mount -t proc proc "$tree/proc"
    mount --bind /dev "$tree/dev"
    chroot "$tree" apt-get update -q
    DEBIAN_FRONTEND=noninteractive chroot "$tree" apt-get install -y -q --no-install-recommends "$@"
    chroot "$tree" apt-get clean' _ "$tree" "$@" >"$cache/$name.log" 2>&1 \
    || { tail -n 20 "$cache/$name.log" >&2; exit 1; }
  rm -rf "$tree/var/lib/apt/lists"/* "$tree/usr/sbin/policy-rc.d"
  # The packages create a data directory of their own; the entrypoints initialise from the
  # environment only into an empty one, as the official images do.
  rm -rf "$tree/var/lib/mysql" "$tree/var/lib/postgresql"/[0-9]* "$tree/etc/postgresql"/[0-9]*
  install -m 755 "$here/$entrypoint" "$tree/usr/local/bin/docker-entrypoint.sh"
  mkdir -p "$tree/docker-entrypoint-initdb.d"
  tar -C "$tree" -c . | docker import \
    --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
    --change "CMD [\"$cmd\"]" \
    --change "ENV $env" \
    --change "ENV COMMITBENCH_RECIPE=$recipe" \
    --change "EXPOSE $port" \
    - "$tag" >/dev/null
  rm -rf "$tree"
  # The image this tag named before a rebuild is dangling now; on the private engine it is ours.
  docker image prune -f >/dev/null
  echo "images: built $tag in $((SECONDS - started)) s"
}

# The tags TestImages pins; no registry has them, so the default pull policy never pulls.
# The entrypoint finds the PostgreSQL version's programs through PATH.
build bookworm postgres:15-bookworm postgres-entrypoint.sh postgres 5432 \
  "PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  postgresql-15 locales
build bookworm mariadb:10.11-bookworm mariadb-entrypoint.sh mariadbd 3306 \
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  mariadb-server
build trixie postgres:17-trixie postgres-entrypoint.sh postgres 5432 \
  "PATH=/usr/lib/postgresql/17/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  postgresql-17 locales
build trixie mariadb:11.8-trixie mariadb-entrypoint.sh mariadbd 3306 \
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  mariadb-server
