#!/bin/sh
# /init of the throwaway VM (scripts/vm/prepare.sh copies this file into the base initramfs).
#
# The kernel runs it as PID 1 with the serial console as stdin/stdout. It mounts the pseudo
# filesystems, loads the modules listed in /etc/commitbench/modules (paths in dependency order,
# worked out on the host with modprobe --show-depends), then runs the scripts a test appended as a
# second cpio archive:
#
#   /commitbench/scripts/<NN-name>/<NNNN>   one file per shell command, run in that order
#
# Each command runs as `bash -c "<file contents>"` with stdin from /dev/null: no state (cd, shell
# variables) carries from one command to the next. bash, not busybox's sh: that one would run its
# own applets (losetup, mount, dd...) in place of the real programs the image holds. A script stops at its first failing command,
# the way `set -e` would; the next script still runs, so one broken scenario does not hide the
# results of the others. The backing files of loop devices belong in /scratch (a tmpfs).
#
# The console protocol, read by io.commitbench.it.vm.GuestConsole (keep both in step):
#   @@CB:BOOTED <uptime s>                  init started
#   @@CB:MODULE-FAILED <module file>        insmod failed (the VM still runs the scripts)
#   @@CB:READY <kernel release> <uptime s>  modules loaded, scripts start
#   @@CB:SCRIPT <name>
#   @@CB:BEGIN <name> <NNNN>                then "@@CB:CMD <line>" per line of the command,
#                                           then the command's own output (stdout and stderr)
#   @@CB:STATUS <name> <NNNN> <exit status>
#   @@CB:KMSG <line>                        after a failing command: the kernel log's last lines
#   @@CB:END <status> <uptime s>            status: 0, or the first failing command's status
#   @@CB:GUEST-TIMEOUT <s>                  commitbench.timeout=<s> on the kernel command line ran out
# Then the VM reboots, which makes qemu (started with -no-reboot) exit. The guest's own time limit
# ends the VM even when nobody on the host is left to kill qemu.

export PATH=/usr/sbin:/usr/bin
umask 022

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm /run/lock/lvm /run/lvm /tmp /scratch /mnt
mount -t tmpfs -o mode=1777 tmpfs /tmp
# Loop device backing files: sparse, so only what is written takes guest memory.
mount -t tmpfs -o size=85% tmpfs /scratch

uptime_s() { cut -d' ' -f1 /proc/uptime; }

echo "@@CB:BOOTED $(uptime_s)"

for word in $(cat /proc/cmdline); do
  case $word in
    commitbench.timeout=*)
      limit=${word#*=}
      (sleep "$limit"; echo "@@CB:GUEST-TIMEOUT $limit"; reboot -f) &
      ;;
  esac
done

while read -r module args; do
  [ -n "$module" ] || continue
  # shellcheck disable=SC2086  # the module's parameters are separate words
  insmod "$module" $args || echo "@@CB:MODULE-FAILED ${module##*/}"
done < /etc/commitbench/modules

echo "@@CB:READY $(uname -r) $(uptime_s)"

overall=0
for script in /commitbench/scripts/*/; do
  [ -d "$script" ] || continue
  name=${script%/}
  name=${name##*/}
  echo "@@CB:SCRIPT $name"
  for command in "$script"*; do
    [ -f "$command" ] || continue
    n=${command##*/}
    echo "@@CB:BEGIN $name $n"
    sed 's/^/@@CB:CMD /' "$command"
    bash -c "$(cat "$command")" < /dev/null 2>&1
    status=$?
    echo "@@CB:STATUS $name $n $status"
    if [ "$status" -ne 0 ]; then
      dmesg | tail -n 20 | sed 's/^/@@CB:KMSG /'
      [ "$overall" -ne 0 ] || overall=$status
      break
    fi
  done
done

sync
echo "@@CB:END $overall $(uptime_s)"
reboot -f
