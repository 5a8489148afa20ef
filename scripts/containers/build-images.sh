#!/usr/bin/env bash
# Builds the PostgreSQL 15 and MariaDB 10.11 images the integration tests use, without a registry:
# a debootstrap minbase bookworm tree from the machine's Debian mirror, per database a copy with the
# server installed through chroot, the entrypoint, and `docker import`. Needs the engine on DOCKER_HOST.
# Cached: an image whose recipe hash (this script and its entrypoint) matches is kept; a changed
# recipe rebuilds it. The trees live outside the clone (CI clones afresh each run).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${COMMITBENCH_IMAGE_CACHE:-/var/cache/commitbench/images}
mirror=${COMMITBENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
: "${DOCKER_HOST:?DOCKER_HOST must name the private engine (scripts/containers/engine.sh host)}"

base_tree() {
  if [ ! -e "$cache/base/.complete" ]; then
    echo "images: debootstrap minbase bookworm from $mirror"
    rm -rf "$cache/base"
    mkdir -p "$cache"
    debootstrap --variant=minbase bookworm "$cache/base" "$mirror" >"$cache/debootstrap.log" 2>&1 \
      || { tail -n 20 "$cache/debootstrap.log" >&2; exit 1; }
    touch "$cache/base/.complete"
  fi
}

# name tag entrypoint cmd port env packages...
build() {
  local name=$1 tag=$2 entrypoint=$3 cmd=$4 port=$5 env=$6; shift 6
  local recipe
  recipe=$(cat "$0" "$here/$entrypoint" | sha256sum | cut -c1-16)
  if docker image inspect "$tag" --format '{{range .Config.Env}}{{println .}}{{end}}' 2>/dev/null \
      | grep -qx "COMMITBENCH_RECIPE=$recipe"; then
    echo "images: $tag is up to date (recipe $recipe)"
    return
  fi
  base_tree
  local started=$SECONDS tree="$cache/$name"
  echo "images: building $tag (recipe $recipe)"
  rm -rf "$tree"
  cp -a "$cache/base" "$tree"
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
  rm -rf "$tree/var/lib/mysql" "$tree/var/lib/postgresql/15" "$tree/etc/postgresql/15"
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
build postgres postgres:15-bookworm postgres-entrypoint.sh postgres 5432 \
  "PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  postgresql-15 locales
build mariadb mariadb:10.11-bookworm mariadb-entrypoint.sh mariadbd 3306 \
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  mariadb-server
