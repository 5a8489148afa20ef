#!/usr/bin/env bash
# Prepares the throwaway VM in which the tests run LVM (classic and thin snapshots), jfs and vfat
# for real: this host's kernel has no device-mapper and no jfs/vfat, and cannot load modules.
#
#   prepare.sh            install what is missing, build the image unless it is cached
#
# What it does (see /work/shared/design/lab-machine.md, "A throwaway VM"):
#  1. apt-get installs the packages that are missing (qemu, busybox, the LVM and filesystem tools
#     that go into the guest); runs apt-get update once when a package cannot be found.
#  2. Downloads Debian's newest linux-image-6.1.0-*-amd64 package (apt-get download) and unpacks
#     it: a kernel that has the device-mapper, jfs and vfat as modules.
#  3. Builds the base initramfs: busybox, the modules (with their dependencies, in load order),
#     the host's lvm/dmsetup/mkfs.*/thin_check/losetup... binaries with their shared libraries,
#     an lvm.conf for a guest without udev, and guest-init.sh as /init.
#  4. Boots it once with no commands and checks that every module loaded.
# The result goes to $COMMITBENCH_VM_CACHE (default /var/cache/commitbench-vm)/<kernel>-<recipe>/
# with `current` pointing at it; <recipe> is a hash of this script and guest-init.sh, so editing
# either rebuilds. When the image for the newest kernel and this recipe exists, it only checks.
# On failure it exits 1 with the reason, also written to $cache/prepare-failed.txt, which the
# tests (io.commitbench.it.vm.ThrowawayVm) print when they skip.
set -Eeuo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${COMMITBENCH_VM_CACHE:-/var/cache/commitbench-vm}
failed_file=$cache/prepare-failed.txt

PACKAGES=(qemu-system-x86 busybox-static kmod lvm2 thin-provisioning-tools jfsutils dosfstools
  xfsprogs btrfs-progs e2fsprogs util-linux coreutils cpio)
# Loaded in this order (each with its dependencies before it). crc32c_generic: ext4, xfs and
# btrfs checksum with crc32c, and the kernel cannot load it on demand without a full modprobe.
MODULES=(loop dm-mod dm-snapshot dm-bufio dm-persistent-data dm-thin-pool crc32c_generic libcrc32c
  ext4 xfs btrfs jfs nls_cp437 nls_ascii nls_iso8859-1 nls_utf8 vfat)
# Module parameters by module file name: enough loop devices for several scenarios in one boot.
declare -A MODULE_ARGS=([loop.ko]="max_loop=16")
# Programs copied from this host into the guest, with the shared libraries they link. bash runs
# the commands: Debian's static busybox shell prefers its own applets (losetup, mount, dd, stat...)
# to the real programs on PATH, and the commands are meant for the real ones.
TOOLS=(bash lvm dmsetup pdata_tools mke2fs e2fsck tune2fs dumpe2fs filefrag mkfs.xfs xfs_db mkfs.btrfs btrfs
  mkfs.jfs fsck.jfs mkfs.fat fsck.fat losetup blkid wipefs blockdev findmnt lsblk mount umount
  fstrim blkdiscard stat df dd sync truncate)

say() { echo "vm-prepare: $*"; }
fail() {
  echo "vm-prepare: FAILED: $*" >&2
  mkdir -p "$cache" 2>/dev/null && echo "$*" > "$failed_file" 2>/dev/null || true
  exit 1
}
trap 'fail "unexpected error at line $LINENO of prepare.sh (exit status $?)"' ERR

[[ $(id -u) == 0 ]] || fail "must run as root (it installs packages with apt-get and writes $cache)"
mkdir -p "$cache" || fail "cannot create $cache"
exec 9> "$cache/.lock"
flock -w 900 9 || fail "another prepare.sh holds $cache/.lock for more than 15 min"

export DEBIAN_FRONTEND=noninteractive
APT_OPTS=(-q -y -o DPkg::Lock::Timeout=600)
apt_updated=
apt_update() {
  [[ -z $apt_updated ]] || return 0
  say "apt-get update"
  apt-get "${APT_OPTS[@]}" update > "$cache/apt.log" 2>&1 \
    || fail "apt-get update failed (is the package mirror reachable?): $(tail -n 3 "$cache/apt.log" | tr '\n' ' ')"
  apt_updated=1
}

# --- 1. packages ---------------------------------------------------------------------------------
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  if ! apt-get "${APT_OPTS[@]}" install --no-install-recommends "${missing[@]}" > "$cache/apt.log" 2>&1; then
    apt_update
    apt-get "${APT_OPTS[@]}" install --no-install-recommends "${missing[@]}" > "$cache/apt.log" 2>&1 \
      || fail "cannot install ${missing[*]}: $(tail -n 3 "$cache/apt.log" | tr '\n' ' ')"
  fi
else
  say "packages present: ${PACKAGES[*]}"
fi

# --- 2. kernel -----------------------------------------------------------------------------------
newest_kernel() {
  apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-amd64$' | cut -d' ' -f1 | sort -V | tail -n 1
}
kpkg=$(newest_kernel)
if [[ -z $kpkg ]]; then
  apt_update
  kpkg=$(newest_kernel)
  [[ -n $kpkg ]] || fail "no linux-image-6.1.0-*-amd64 package known to apt (Debian 12 sources needed)"
fi
kver=${kpkg#linux-image-}
recipe=$(cat "$here/prepare.sh" "$here/guest-init.sh" | sha256sum | cut -c1-12)
image=$cache/$kver-$recipe

if [[ -f $image/ready && -L $cache/current && $(readlink "$cache/current") == "$kver-$recipe" ]]; then
  rm -f "$failed_file"
  say "image up to date: $image (kernel $kver, recipe $recipe)"
  exit 0
fi

debs=$cache/debs
mkdir -p "$debs"
deb=$(ls "$debs/${kpkg}_"*.deb 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z $deb ]]; then
  say "downloading $kpkg"
  # apt's sandbox user must be able to write there, else apt-get download warns and runs as root.
  chown _apt "$debs" 2>/dev/null || true
  if ! (cd "$debs" && apt-get -q download "$kpkg" > "$cache/apt.log" 2>&1); then
    apt_update
    kpkg=$(newest_kernel)
    kver=${kpkg#linux-image-}
    image=$cache/$kver-$recipe
    (cd "$debs" && apt-get -q download "$kpkg" > "$cache/apt.log" 2>&1) \
      || fail "cannot download $kpkg (is the package mirror reachable?): $(tail -n 3 "$cache/apt.log" | tr '\n' ' ')"
  fi
  deb=$(ls "$debs/${kpkg}_"*.deb | sort -V | tail -n 1)
fi

# --- 3. base initramfs ---------------------------------------------------------------------------
build=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$build"' EXIT
say "unpacking $(basename "$deb")"
kroot=$build/kernel
dpkg-deb -x "$deb" "$kroot"
[[ -f $kroot/boot/vmlinuz-$kver ]] || fail "$deb holds no boot/vmlinuz-$kver"
depmod -b "$kroot" "$kver"

root=$build/initramfs
mkdir -p "$root"/{usr/bin,usr/sbin,usr/lib,usr/lib64,etc/commitbench,etc/lvm,proc,sys,dev,run,tmp,mnt,scratch}
ln -s usr/bin "$root/bin"
ln -s usr/sbin "$root/sbin"
ln -s usr/lib "$root/lib"
ln -s usr/lib64 "$root/lib64"

copy_file() { # host path -> same path in the image, dereferenced
  local src=$1
  mkdir -p "$root$(dirname "$src")"
  cp -L "$src" "$root$src"
}

say "modules: ${MODULES[*]}"
declare -A loaded=()
: > "$root/etc/commitbench/modules"
for m in "${MODULES[@]}"; do
  deps=$(modprobe -d "$kroot" -S "$kver" --show-depends "$m") || fail "kernel $kver has no module $m"
  while read -r kind path _; do
    [[ $kind == insmod ]] || continue # "builtin X": nothing to load
    rel=${path#"$kroot"}
    [[ -z ${loaded[$rel]:-} ]] || continue
    loaded[$rel]=1
    mkdir -p "$root$(dirname "$rel")"
    cp "$kroot$rel" "$root$rel"
    echo "$rel ${MODULE_ARGS[$(basename "$rel")]:-}" >> "$root/etc/commitbench/modules"
  done <<< "$deps"
done

say "tools: ${TOOLS[*]}"
declare -A copied=()
for t in "${TOOLS[@]}"; do
  path=$(command -v "$t") || fail "$t not found on this host after installing ${PACKAGES[*]}"
  real=$(readlink -f "$path")
  copy_file "$real"
  copied[$real]=1
  [[ $path == "$real" ]] || { mkdir -p "$root$(dirname "$path")"; ln -sf "$real" "$root$path"; }
  # shared libraries, including the ELF interpreter
  for lib in $(ldd "$real" 2>/dev/null | grep -o '/[^ ]*' || true); do
    [[ -e $root$lib ]] || copy_file "$lib"
  done
done
# glibc loads libgcc_s at run time (thread cancellation), which ldd does not show.
for lib in /lib/x86_64-linux-gnu/libgcc_s.so.1 /usr/lib/x86_64-linux-gnu/libgcc_s.so.1; do
  [[ ! -e $lib || -e $root$lib ]] || copy_file "$lib"
done
# The other names of the copied programs (lvcreate -> lvm, thin_check -> pdata_tools,
# mkfs.ext4 -> mke2fs, mkfs.vfat -> mkfs.fat, ...), as they are on this host.
for link in $(find /usr/sbin /usr/bin /sbin /bin -maxdepth 1 -type l 2>/dev/null); do
  target=$(readlink -f "$link")
  if [[ -n ${copied[$target]:-} && ! -e $root$link ]]; then
    mkdir -p "$root$(dirname "$link")"
    ln -s "$target" "$root$link"
  fi
done

say "busybox for everything else"
cp -L /bin/busybox "$root/usr/bin/busybox"
for applet in $(/bin/busybox --list-full); do
  [[ -e $root/$applet || -L $root/$applet ]] || { mkdir -p "$root/$(dirname "$applet")"; ln -s /usr/bin/busybox "$root/$applet"; }
done

# LVM without udev and without daemons: libdevmapper makes the /dev/mapper nodes and lvm the
# /dev/<vg>/<lv> links itself; no dmeventd monitoring, no lvmpolld, no devices file.
cat > "$root/etc/lvm/lvm.conf" <<'EOF'
devices {
  obtain_device_list_from_udev = 0
  external_device_info_source = "none"
  use_devicesfile = 0
}
global {
  use_lvmpolld = 0
  event_activation = 0
}
activation {
  udev_sync = 0
  udev_rules = 0
  verify_udev_operations = 0
  monitoring = 0
}
EOF
[[ ! -f /etc/mke2fs.conf ]] || cp /etc/mke2fs.conf "$root/etc/mke2fs.conf"
echo "root:x:0:0:root:/root:/bin/sh" > "$root/etc/passwd"
echo "root:x:0:" > "$root/etc/group"
install -m 0755 "$here/guest-init.sh" "$root/init"

new=$build/image
mkdir -p "$new"
cp "$kroot/boot/vmlinuz-$kver" "$new/vmlinuz"
# Uncompressed: unpacking is a copy, while decompressing costs seconds under software emulation.
(cd "$root" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) > "$new/initrd.base"
cat > "$new/manifest.properties" <<EOF
kernel.package=$kpkg
kernel.release=$kver
recipe=$recipe
built=$(date -u +%Y-%m-%dT%H:%M:%SZ)
EOF
say "initramfs $(du -h "$new/initrd.base" | cut -f1), kernel $(du -h "$new/vmlinuz" | cut -f1)"

# --- 4. smoke boot -------------------------------------------------------------------------------
rm -rf "$image"
mv "$new" "$image"
ln -sfn "$kver-$recipe" "$cache/current.new"
mv -T "$cache/current.new" "$cache/current"
say "smoke boot (no commands; 10-30 s under software emulation)"
smoke=$build/smoke
mkdir -p "$smoke"
start=$(date +%s)
COMMITBENCH_VM_CACHE=$cache timeout 300 "$here/boot.sh" --console "$smoke/console" "$smoke" \
  > "$smoke/qemu.out" 2>&1 || true
tr -d '\r' < "$smoke/console" > "$smoke/console.txt" 2>/dev/null || true
if ! grep -q '^@@CB:END 0' "$smoke/console.txt"; then
  rm -f "$cache/current"
  fail "smoke boot did not end cleanly: $(tail -n 5 "$smoke/console.txt" "$smoke/qemu.out" 2>/dev/null | tr '\n' ' ')"
fi
if grep -q '^@@CB:MODULE-FAILED' "$smoke/console.txt"; then
  rm -f "$cache/current"
  fail "modules failed to load in the VM: $(grep '^@@CB:MODULE-FAILED' "$smoke/console.txt" | tr '\n' ' ')"
fi
say "smoke boot ok in $(($(date +%s) - start)) s: $(grep '^@@CB:READY' "$smoke/console.txt")"
touch "$image/ready"
rm -f "$failed_file"

# Older images (other kernels or recipes) are no longer used.
for old in "$cache"/*/; do
  old=${old%/}
  if [[ ! -L $old && $old != "$image" && -f $old/manifest.properties ]]; then
    say "removing the older image $old"
    rm -rf "$old"
  fi
done
for old in "$debs"/*.deb; do
  [[ $old == "$deb" ]] || rm -f "$old"
done
say "ready: $image"
