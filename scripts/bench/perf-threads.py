#!/usr/bin/env python3
"""Where two groups of threads spend their CPU, from one `perf record` of both: the harness's
actors beside the plain loop's threads while scripts/bench/overhead-paired.sh runs them side by
side. Both groups run the same statements at the same rate, so their sample counts compare
directly: what the actors have more of is the harness's own cost, down to the frame.

    export JAVA_TOOL_OPTIONS="-XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -XX:+PreserveFramePointer"
    CELLS=postgresql:paper USERS=10 ROUNDS=2 scripts/bench/overhead-paired.sh &
    # once the warm-up round is over (its "warm-up 1:" line is in the side logs):
    perf record -e cpu-clock -F 997 -a --call-graph fp -o perf.data -- sleep 120
    # after both JVMs have exited (they write /tmp/perf-PID.map, which names compiled Java frames):
    perf script -i perf.data -F comm,pid,tid,ip,sym,dso > perf.txt
    scripts/bench/perf-threads.py perf.txt --outside PgStatement.executeInternal

cpu-clock, because a virtual machine may have no hardware counters. Frame pointers give Java
stacks; the perf map is written at exit, so code the JIT dropped meanwhile shows as [unknown].
Prints, per group: samples by where the top frame runs (kernel, compiled Java, the JVM, libc,
the vDSO's clock); the top frames by samples per 10,000 of the group, sorted by the difference;
with --outside FRAME, the samples whose stack does not hold FRAME (for the harness: what is not
the driver's work); and every thread of the groups' processes by name (the reporter, the
compilers, the garbage collector), in samples.
"""
import argparse
import collections
import re
import sys


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("perf_script", help="output of perf script -F comm,pid,tid,ip,sym,dso")
    p.add_argument("--group", action="append", metavar="NAME=REGEX",
                   help="a group of threads by name (default: actor=^actor-\\d+$ and plain=^plain-\\d+$)")
    p.add_argument("--outside", metavar="FRAME", help="also split off the samples whose stack has no frame containing FRAME")
    p.add_argument("--top", type=int, default=30, help="frames per table (default 30)")
    a = p.parse_args()
    specs = a.group or [r"actor=^actor-\d+$", r"plain=^plain-\d+$"]
    groups = {}
    for spec in specs:
        name, sep, regex = spec.partition("=")
        if not sep or not name:
            p.error(f"--group {spec}: expected NAME=REGEX")
        groups[name] = re.compile(regex)
    if len(groups) != 2:
        p.error(f"{len(groups)} groups given: the tables compare exactly two")
    return a, groups


HEADER = re.compile(r"^(?P<comm>.*?)\s+(?P<pid>-?\d+)/(?P<tid>-?\d+)\s*$")  # -1: a thread perf saw end
FRAME = re.compile(r"^\s*[0-9a-f]+\s+(?P<sym>.*?)\s+\((?P<dso>[^()]*)\)\s*$")


def samples(path):
    """(thread name, pid, [(symbol, dso), ...] innermost first) per sample."""
    comm = pid = None
    frames = []
    with open(path, errors="replace") as f:
        for line in f:
            if not line.strip():
                if comm is not None:
                    yield comm, pid, frames
                comm, frames = None, []
            elif line[0] not in " \t":
                m = HEADER.match(line.rstrip("\n"))
                if not m:
                    sys.exit(f"error: {path}: '{line.strip()}' is not a 'comm pid/tid' line; record with perf script -F comm,pid,tid,ip,sym,dso")
                comm, pid, frames = m.group("comm").strip(), m.group("pid"), []
            else:
                m = FRAME.match(line)
                frames.append((m.group("sym"), m.group("dso")) if m else (line.strip(), "?"))
    if comm is not None:
        yield comm, pid, frames


def where(frame):
    sym, dso = frame
    if "kernel.kallsyms" in dso:
        return "kernel"
    if "/perf-" in dso or dso.startswith("perf-"):
        return "compiled Java"
    if "libjvm" in dso:
        return "JVM"
    if "vdso" in dso or "clock_gettime" in sym:
        return "clock (vDSO)"
    if "libc" in dso:
        return "libc"
    return dso.rsplit("/", 1)[-1] or "?"


def name(frame):
    sym, dso = frame
    return sym if "perf-" in dso else f"{sym} [{dso.rsplit('/', 1)[-1]}]"


def compare(title, counts, totals, top):
    a, b = list(counts)
    print(f"\n## {title}: samples per 10,000 of each group ({a}, {b}, difference)")
    keys = {k for c in counts.values() for k, _ in c.most_common(top)}
    rows = sorted(keys, key=lambda k: -(counts[a][k] / totals[a] - counts[b][k] / totals[b]))
    for k in rows:
        x, y = counts[a][k] * 1e4 / totals[a], counts[b][k] * 1e4 / totals[b]
        print(f"{x:8.1f} {y:8.1f} {x - y:+8.1f}  {k[:160]}")


def main():
    args, groups = parse_args()
    totals = collections.Counter()
    by_where = {g: collections.Counter() for g in groups}
    top_frames = {g: collections.Counter() for g in groups}
    outside = {g: collections.Counter() for g in groups}
    outside_n = collections.Counter()
    threads = collections.Counter()  # (pid, thread name with numbers as N) over every sample
    pids = set()
    for comm, pid, frames in samples(args.perf_script):
        threads[(pid, re.sub(r"\d+", "N", comm))] += 1
        group = next((g for g, r in groups.items() if r.search(comm)), None)
        if group is None or not frames:
            continue
        pids.add(pid)
        totals[group] += 1
        by_where[group][where(frames[0])] += 1
        top_frames[group][name(frames[0])] += 1
        if args.outside and not any(args.outside in sym for sym, _ in frames):
            outside_n[group] += 1
            outside[group][name(frames[0])] += 1
    missing = [g for g in groups if not totals[g]]
    if missing:
        sys.exit(f"error: no samples of {', '.join(missing)} in {args.perf_script}; groups: "
                 + ", ".join(f"{g}={r.pattern}" for g, r in groups.items()))
    a, b = list(groups)
    print(f"# {a}: {totals[a]} samples, {b}: {totals[b]} ({totals[a] / totals[b]:.3f} of {b}'s)")
    print("\n## top frame runs in: samples (per 10,000 of the group)")
    for place in sorted({p for c in by_where.values() for p in c}, key=lambda p: -by_where[a][p]):
        print(f"{place:>14}: " + "   ".join(f"{g} {by_where[g][place]:6d} ({by_where[g][place] * 1e4 / totals[g]:7.1f})" for g in groups))
    compare("top frames", top_frames, totals, args.top)
    if args.outside:
        print(f"\n# outside {args.outside}: " + ", ".join(f"{g} {outside_n[g]} samples ({outside_n[g] * 1e4 / totals[g]:.1f} per 10,000)" for g in groups))
        compare(f"top frames outside {args.outside}", outside, totals, args.top)
    print("\n## every thread of the groups' processes, by name: samples")
    for (pid, thread), n in sorted(threads.items(), key=lambda kv: -kv[1]):
        if pid in pids and n >= 10:
            print(f"{pid:>8} {thread:<20} {n:7d}")


if __name__ == "__main__":
    main()
