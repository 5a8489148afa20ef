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

    scripts/bench/thread-cpu.py --legs 4 ServerOverhead > legs.txt &   # leave out 4 warm-up legs

With --legs SKIP it reads every 0.1 s and keeps each thread's readings over time, finds each
process's legs (the time its workers, actor-N or plain-...-N, ran; each trimmed by 0.5 s at both
ends, where the workers connect and close), and prints, per process and thread name, the CPU each
used inside the legs after the first SKIP, in milliseconds per second of leg: what each thread costs
while the workers measure, without the set-up, the report and the pauses between legs; and, from
/proc/PID/task/TID/stat, how that CPU split between user and system (kernel) time. The kernel counts
those two in clock ticks (usually 10 ms) by sampling, so they are estimates that add up to about the
schedstat figure only over many seconds of a thread: enough to say whether one side's extra is in
its own code (user) or in the system calls it makes (system). The trim also leaves out what happens
at a measured window's very start, such as compilations a leg's set-up leaves to the JIT, which a
run waits for before it measures (CompilerSettle): this table does not show them.
"""
import collections
import os
import re
import signal
import sys
import time

args = sys.argv[1:]
skip_legs = None  # --legs SKIP: CPU inside the legs after the first SKIP
if args[:1] == ['--legs']:
    if len(args) < 2 or not args[1].isdigit():
        sys.exit('error: --legs needs the number of warm-up legs to leave out, e.g. --legs 4')
    skip_legs = int(args[1])
    args = args[2:]
pattern = args[0] if args else 'ServerOverhead'
last = {}     # (pid, tid) -> (name, cpu ns, wait ns, slices, voluntary, involuntary)
series = collections.defaultdict(list)  # (pid, tid) -> [(seconds, cpu ns, user ticks, system ticks)] at each change, with --legs
TICKS = os.sysconf('SC_CLK_TCK')
WORKER = re.compile(r'^(actor|plain(-[a-z]+)*)-\d+$')
TRIM_SECONDS = 0.5
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
                voluntary = involuntary = 0
                if skip_legs is None:  # the legs' table has no switches: a third fewer reads every 0.1 s
                    with open(base + '/status') as f:
                        status = f.read()
                    voluntary = int(re.search(r'^voluntary_ctxt_switches:\s+(\d+)', status, re.M).group(1))
                    involuntary = int(re.search(r'^nonvoluntary_ctxt_switches:\s+(\d+)', status, re.M).group(1))
            except (OSError, AttributeError, ValueError):
                continue  # the thread ended between listing and reading
            if skip_legs is not None:
                try:
                    with open(base + '/stat') as f:
                        # after the name's closing parenthesis: state is field 3, utime 14, stime 15
                        fields = f.read().rsplit(')', 1)[1].split()
                    user, system = int(fields[11]), int(fields[12])
                except (OSError, IndexError, ValueError):
                    continue
                if not series[(pid, tid)] or series[(pid, tid)][-1][1:] != (cpu, user, system):
                    series[(pid, tid)].append((time.monotonic(), cpu, user, system))
            last[(pid, tid)] = (name, cpu, wait, slices, voluntary, involuntary)


signal.signal(signal.SIGTERM, stop)
signal.signal(signal.SIGINT, stop)
while not stopping:
    sample()
    time.sleep(0.25 if skip_legs is None else 0.1)


def kind(name):
    """A thread's name with its digits replaced by N, so threads of one kind add up (actor-N)."""
    return re.sub(r'\d+', 'N', name)


def figures_at(readings, moment):
    """A thread's (CPU ns, user ticks, system ticks) at a moment: its last reading before it (0s before its first)."""
    value = (0, 0, 0)
    for seconds, *figures in readings:
        if seconds > moment:
            break
        value = tuple(figures)
    return value


def legs_of(pid):
    """The process's legs: the spans in which its workers ran, overlapping spans merged."""
    spans = sorted((readings[0][0], readings[-1][0]) for (p, tid), readings in series.items()
                   if p == pid and WORKER.match(last[(p, tid)][0]))
    legs = []
    for begin, end in spans:
        if legs and begin < legs[-1][1]:
            legs[-1][1] = max(legs[-1][1], end)
        else:
            legs.append([begin, end])
    return [(begin + TRIM_SECONDS, end - TRIM_SECONDS) for begin, end in legs if end - begin > 2 * TRIM_SECONDS]


def print_legs():
    print(f"{'process':<34}{'thread name':<28}{'legs':>6}{'leg s':>9}{'ms/s':>9}{'user':>9}{'system':>9}")
    for pid in sorted({p for p, _ in series}):
        measured = legs_of(pid)[skip_legs:]
        seconds = sum(end - begin for begin, end in measured)
        if not measured:
            print(f"{labels.get(pid, pid):<34}no legs after the first {skip_legs}")
            continue
        by_name = collections.defaultdict(lambda: [0, 0, 0])  # name -> CPU ns, user ticks, system ticks
        for (p, tid), readings in series.items():
            if p == pid:
                row = by_name[kind(last[(p, tid)][0])]
                for begin, end in measured:
                    for i, (after, before) in enumerate(zip(figures_at(readings, end), figures_at(readings, begin))):
                        row[i] += after - before
        for name, (cpu, user, system) in sorted(by_name.items(), key=lambda kv: -kv[1][0]):
            if cpu / 1e6 / seconds >= 0.01:
                print(f"{labels.get(pid, pid):<34}{name:<28}{len(measured):>6}{seconds:>9.1f}{cpu / 1e6 / seconds:>9.2f}"
                      f"{user * 1000 / TICKS / seconds:>9.2f}{system * 1000 / TICKS / seconds:>9.2f}")


if skip_legs is not None:
    print_legs()
    sys.exit(0)

totals = collections.defaultdict(lambda: [0] * 6)
for (pid, _), (name, *figures) in last.items():
    row = totals[(labels.get(pid, pid), kind(name))]
    row[0] += 1
    for i, v in enumerate(figures, start=1):
        row[i] += v
print(f"{'process':<34}{'thread name':<28}{'threads':>8}{'cpu s':>9}{'wait s':>9}{'slices':>10}{'vol':>10}{'invol':>9}")
for (process, name), row in sorted(totals.items(), key=lambda kv: (kv[0][0], -kv[1][1])):
    if row[1] < 50_000_000:  # below 0.05 s: left out
        continue
    print(f"{process:<34}{name:<28}{row[0]:>8}{row[1] / 1e9:>9.2f}{row[2] / 1e9:>9.2f}{row[3]:>10}{row[4]:>10}{row[5]:>9}")
