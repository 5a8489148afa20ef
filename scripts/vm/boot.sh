#!/usr/bin/env bash
# Boots the throwaway VM that scripts/vm/prepare.sh built, once, and returns when it powers off.
#
#   boot.sh [--console FILE] [--memory MIB] [--guest-timeout S] WORK_DIR [EXTRA.cpio]
#
# WORK_DIR (must exist; the caller removes it) receives the initramfs of this boot: the cached
# base archive with EXTRA.cpio (the commands to run, see guest-init.sh) appended. The kernel
# unpacks concatenated cpio archives one after the other, so a run never rebuilds the base.
# The serial console goes to FILE, else to this script's standard output. --guest-timeout makes
# the guest reboot itself (so qemu exits) after S seconds, whatever happens to its caller.
#
# qemu is exec'd: the process that runs this script becomes qemu, so killing it kills the VM.
# -no-reboot turns the guest's final `reboot -f` (and a kernel panic, with panic=-1) into qemu
# exiting. Software emulation (tcg) only: no usable KVM is assumed.
set -euo pipefail

cache=${COMMITBENCH_VM_CACHE:-/var/cache/commitbench-vm}
console=
memory=1536
guest_timeout=

while (($#)); do
  case $1 in
    --console) console=$2; shift 2 ;;
    --memory) memory=$2; shift 2 ;;
    --guest-timeout) guest_timeout=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
if (($# < 1 || $# > 2)); then
  echo "usage: boot.sh [--console FILE] [--memory MIB] [--guest-timeout S] WORK_DIR [EXTRA.cpio]" >&2
  exit 2
fi
work=$1
extra=${2:-}

image=$cache/current
if [[ ! -f $image/vmlinuz || ! -f $image/initrd.base ]]; then
  echo "boot.sh: no VM image in $image; run scripts/vm/prepare.sh first" >&2
  exit 1
fi

cat "$image/initrd.base" ${extra:+"$extra"} > "$work/initrd"

if [[ -n $console ]]; then
  serial=(-serial "file:$console")
else
  serial=(-serial stdio)
fi

exec qemu-system-x86_64 \
  -accel tcg -cpu max -machine q35 -m "$memory" -smp 1 \
  -nodefaults -no-user-config -display none -monitor none "${serial[@]}" \
  -no-reboot \
  -kernel "$image/vmlinuz" -initrd "$work/initrd" \
  -append "console=ttyS0 panic=-1 quiet loglevel=3 mitigations=off nokaslr${guest_timeout:+ commitbench.timeout=$guest_timeout}"
