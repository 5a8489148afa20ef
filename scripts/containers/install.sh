#!/usr/bin/env bash
# Installs the Docker engine and debootstrap from Debian's packages when they are missing. The
# engine is not started here: engine.sh starts a private one.
set -euo pipefail
missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if ((${#missing[@]})); then
  echo "containers: installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi
