#!/usr/bin/env python3
"""Each thread's CPU of the JVMs whose command line contains PATTERN, summed by thread name.

    scripts/bench/thread-cpu.py ServerOverhead > threads.txt &   # then run overhead-paired.sh
    kill -TERM %1                                                # prints the table and exits

Reads /proc/PID/task/*/{comm,schedstat,status} of every matching java process every 0.25 s and
keeps each thread's last reading, so threads that ended (an actor of a finished leg) still count,
up to 0.25 s short. When stopped (SIGTERM, SIGINT) it prints, per process and per thread name with
its digits replaced by N (actor-N, plain-commit-N, GC Thread#N): threads, CPU seconds on the CPU
(schedstat), seconds waiting to run, timeslices, voluntary and involuntary switches. A process
started by ServerOverhead is named by its database, workload, users and side. Whole processes:
warm-up legs and what a side does between legs are included, unlike ServerOverhead's own figures.
"""
import collections
import os
import re
import signal
import sys
import time

pattern = sys.argv[1] if len(sys.argv) > 1 else 'ServerOverhead'
last = {}     # (pid, tid) -> (name, cpu ns, wait ns, slices, voluntary, involuntary)
labels = {}   # pid -> label
stopping = False


def stop(*_):
    global stopping
    stopping = True


def label(pid, cmd):
    def value(key):
        m = re.search(key + r'=(\S+)', cmd)
        return m.group(1) if m else '?'
    db = 'pg' if 'postgresql' in cmd else 'maria' if 'mariadb' in cmd else 'db?'
    return f'{db}-{value("workload")}-u{value("users")}-{value("side")}-{pid}'


def java_pids():
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            with open(f'/proc/{pid}/cmdline', 'rb') as f:
                cmd = f.read().replace(b'\0', b' ').decode(errors='replace')
        except OSError:
            continue
        if cmd.split(' ', 1)[0].endswith('java') and pattern in cmd:
            labels.setdefault(pid, label(pid, cmd))
            yield pid


def sample():
    for pid in java_pids():
        try:
            tids = os.listdir(f'/proc/{pid}/task')
        except OSError:
            continue
        for tid in tids:
            base = f'/proc/{pid}/task/{tid}'
            try:
                with open(base + '/comm') as f:
                    name = f.read().strip()
                with open(base + '/schedstat') as f:
                    cpu, wait, slices = map(int, f.read().split())
                with open(base + '/status') as f:
                    status = f.read()
                voluntary = int(re.search(r'^voluntary_ctxt_switches:\s+(\d+)', status, re.M).group(1))
                involuntary = int(re.search(r'^nonvoluntary_ctxt_switches:\s+(\d+)', status, re.M).group(1))
            except (OSError, AttributeError, ValueError):
                continue  # the thread ended between listing and reading
            last[(pid, tid)] = (name, cpu, wait, slices, voluntary, involuntary)


signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGINT, stop)
while not stopping:
    sample()
    time.sleep(0.25)

totals = collections.defaultdict(lambda: [0] * 6)
for (pid, _), (name, *figures) in last.items():
    row = totals[(labels.get(pid, pid), re.sub(r'\d+', 'N', name))]
    row[0] += 1
    for i, v in enumerate(figures, start=1):
        row[i] += v
print(f"{'process':<34}{'thread name':<28}{'threads':>8}{'cpu s':>9}{'wait s':>9}{'slices':>10}{'vol':>10}{'invol':>9}")
for (process, name), row in sorted(totals.items(), key=lambda kv: (kv[0][0], -kv[1][1])):
    if row[1] < 50_000_000:  # below 0.05 s: left out
        continue
    print(f"{process:<34}{name:<28}{row[0]:>8}{row[1] / 1e9:>9.2f}{row[2] / 1e9:>9.2f}{row[3]:>10}{row[4]:>10}{row[5]:>9}")
