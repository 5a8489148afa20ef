#!/usr/bin/env bash
# Builds the database images the integration tests use, without a registry: every image that a
# kind's drivers/KIND/image/container.properties gives a Debian suite, with the kind's
# drivers/KIND/image/entrypoint.sh. Per Debian suite a debootstrap minbase tree from the machine's
# Debian mirror, per image a copy with the kind's packages installed through chroot, the
# entrypoint, and `docker import`. Needs the engine on DOCKER_HOST.
# Cached: an image whose recipe hash (this script, the kind's entrypoint and the image's values)
# matches is kept; a changed recipe rebuilds it. The trees live outside the clone (CI clones
# afresh each run).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
drivers=$(cd "$here/../../drivers" && pwd)
cache=${COMMITBENCH_IMAGE_CACHE:-/var/cache/commitbench/images}
mirror=${COMMITBENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
: "${DOCKER_HOST:?DOCKER_HOST must name the private engine (scripts/containers/engine.sh host)}"

# The value of KEY in a properties file of plain key=value lines (the last one wins, as in Java).
value() {
  local file=$1 key=$2
  sed -n "s/^${key//./\\.}=//p" "$file" | tail -n 1
}

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

# dir suite tag cmd port path packaged-data packages...
build() {
  local dir=$1 suite=$2 tag=$3 cmd=$4 port=$5 path=$6 packaged=$7; shift 7
  local recipe name=${tag%%:*}-$suite
  recipe=$( (cat "$0" "$dir/entrypoint.sh"; echo "$suite $tag $cmd $port $path $packaged $*") | sha256sum | cut -c1-16)
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
  # environment only into an empty one, as the official images do. The paths are globs.
  local data paths
  read -r -a paths <<<"$packaged" # split into words without expanding the globs here
  for data in "${paths[@]}"; do
    rm -rf "$tree"$data
  done
  install -m 755 "$dir/entrypoint.sh" "$tree/usr/local/bin/docker-entrypoint.sh"
  mkdir -p "$tree/docker-entrypoint-initdb.d"
  tar -C "$tree" -c . | docker import \
    --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
    --change "CMD [\"$cmd\"]" \
    --change "ENV PATH=$path" \
    --change "ENV COMMITBENCH_RECIPE=$recipe" \
    --change "EXPOSE $port" \
    - "$tag" >/dev/null
  rm -rf "$tree"
  # The image this tag named before a rebuild is dangling now; on the private engine it is ours.
  docker image prune -f >/dev/null
  echo "images: built $tag in $((SECONDS - started)) s"
}

# Every kind with an image recipe, each of its images that names a suite. The tags are those the
# dialect and the integration tests read from the same file; no registry has them, so the default
# pull policy never pulls.
for dir in "$drivers"/*/image; do
  facts=$dir/container.properties
  [ -f "$facts" ] && [ -f "$dir/entrypoint.sh" ] || continue
  for image in $(value "$facts" images); do
    suite=$(value "$facts" "image.$image.suite")
    [ -n "$suite" ] || continue
    # shellcheck disable=SC2046 # the packages are words
    build "$dir" "$suite" "$(value "$facts" "image.$image.tag")" "$(value "$facts" command)" \
      "$(value "$facts" port)" "$(value "$facts" "image.$image.path")" "$(value "$facts" packaged.data)" \
      $(value "$facts" "image.$image.packages")
  done
done
