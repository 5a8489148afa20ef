#!/usr/bin/env python3
"""The tables of scripts/bench/commit-breakdown-lab.sh from its results folder (tab-separated).

usage: commit-breakdown-tables.py OUT
"""
import glob
import json
import os
import sys

PARTS = ["round_trip", "log_write", "log_sync", "group_commit_wait", "log_insert"]


def load(out):
    runs = {}
    for summary in sorted(glob.glob(os.path.join(out, "*", "summary.json"))):
        folder = os.path.dirname(summary)
        run_id = os.path.basename(folder)
        with open(summary) as f:
            s = json.load(f)
        env = {}
        env_file = os.path.join(folder, "environment.json")
        if os.path.exists(env_file):
            with open(env_file) as f:
                for group in json.load(f)["groups"].values():
                    for name, fact in group.items():
                        env[name] = fact.get("value")
        cpu = None
        cpu_file = os.path.join(out, run_id + ".server-cpu")
        if os.path.exists(cpu_file):
            before, after = open(cpu_file).read().split()
            cpu = float(after) - float(before)
        runs[run_id] = (s, env, cpu)
    return runs


def fmt(value, digits=3):
    return "-" if value is None else f"{value:.{digits}f}"


def part(b, name):
    for p in b.get("parts", []):
        if p["name"] == name:
            return p["mean_ms"]
    return None


def kernel_log_sync_p50(b):
    for v in b.get("log_io", []):
        if v["operation"] in ("fdatasync", "fsync") and v["file_class"] == "log":
            return v["p50_ms"]
    return None


def log_device(b):
    """The log's write and sync together: where a log written O_DIRECT waits for the device."""
    parts = [part(b, "log_write"), part(b, "log_sync")]
    return None if all(p is None for p in parts) else sum(p for p in parts if p is not None)


def paced_p50_ms(env):
    for name, value in env.items():
        if name.endswith("lab_paced_fdatasync_p50_us") and value:
            return float(value) / 1000
    return None


def main(out):
    runs = load(out)
    print("# breakdown per run (ms per commit)")
    print("\t".join(["run", "tx/s", "client mean", "client p50"] + PARTS
                    + ["parts sum", "diff %", "kernel log sync p50", "lab paced p50", "log_sync vs paced %"]))
    for run_id, (s, env, _) in runs.items():
        b = s.get("commit_breakdown", {})
        if not b.get("measured"):
            continue
        mean = b.get("client_commit_mean_ms")
        diff = None if mean in (None, 0) else 100 * b["difference_ms"] / mean
        sync, paced = part(b, "log_sync"), paced_p50_ms(env)
        versus = None if sync is None or not paced else 100 * (sync - paced) / paced
        print("\t".join([run_id, fmt(s["totals"]["transactionsPerSecond"], 1), fmt(mean), fmt(b.get("client_commit_p50_ms"))]
                        + [fmt(part(b, p)) for p in PARTS]
                        + [fmt(b.get("parts_sum_ms")), fmt(diff, 1), fmt(kernel_log_sync_p50(b)), fmt(paced),
                           fmt(versus, 1)]))
    print()
    print("# hdd -> ssd: how much of the change in mean commit latency the log-sync part explains")
    print("\t".join(["kind, rate", "client mean hdd", "client mean ssd", "log_sync hdd", "log_sync ssd", "explained %",
                     "log write+sync hdd", "log write+sync ssd", "explained %"]))
    for run_id, (s, _, _) in runs.items():
        if "-hdd-rate" not in run_id:
            continue
        twin = runs.get(run_id.replace("-hdd-", "-ssd-"))
        if twin is None:
            continue
        hb, sb = s["commit_breakdown"], twin[0]["commit_breakdown"]
        dm = hb["client_commit_mean_ms"] - sb["client_commit_mean_ms"]
        hs, ss = part(hb, "log_sync"), part(sb, "log_sync")
        explained = None if hs is None or ss is None or dm == 0 else 100 * (hs - ss) / dm
        hd, sd = log_device(hb), log_device(sb)
        by_device = None if hd is None or sd is None or dm == 0 else 100 * (hd - sd) / dm
        print("\t".join([run_id.replace("-hdd", ""), fmt(hb["client_commit_mean_ms"]), fmt(sb["client_commit_mean_ms"]),
                         fmt(hs), fmt(ss), fmt(explained, 1), fmt(hd), fmt(sd), fmt(by_device, 1)]))
    print()
    print("# closed loop on the hdd: the group-commit wait as users grow")
    print("\t".join(["run", "tx/s", "client mean", "log_sync", "group_commit_wait", "kernel log syncs per commit"]))
    for run_id, (s, _, _) in runs.items():
        if "-closed" not in run_id:
            continue
        b = s["commit_breakdown"]
        syncs = sum(v["count"] for v in b.get("log_io", [])
                    if v["operation"] in ("fdatasync", "fsync") and v["file_class"] == "log")
        per_commit = None if not b.get("commits") or not syncs else syncs / b["commits"]
        print("\t".join([run_id, fmt(s["totals"]["transactionsPerSecond"], 1), fmt(b.get("client_commit_mean_ms")),
                         fmt(part(b, "log_sync")), fmt(part(b, "group_commit_wait")), fmt(per_commit, 2)]))
    print()
    print("# the breakdown's cost: closed loop, off and on interleaved")
    print("\t".join(["run", "breakdown", "kernel", "tx/s", "client CPU us/tx", "server CPU us/tx"]))
    arms = {}
    for run_id, (s, _, cpu) in runs.items():
        if "-cost" not in run_id:
            continue
        t = s["totals"]
        server = None if cpu is None or not t["transactions"] else cpu * 1e6 / t["transactions"]
        c = s["config"]
        print("\t".join([run_id, c.get("breakdown", "?"), c.get("breakdown.kernel", "?"),
                         fmt(t["transactionsPerSecond"], 1), fmt(t.get("clientCpuMicrosPerTransaction"), 1),
                         fmt(server, 1)]))
        arm = run_id.split("-cost")[0] + " " + run_id.rsplit("-", 1)[1]
        arms.setdefault(arm, []).append((t["transactionsPerSecond"], t.get("clientCpuMicrosPerTransaction"), server))
    print()
    print("# the cost per arm: median over the rounds [min, max]")
    print("\t".join(["arm", "tx/s", "client CPU us/tx", "server CPU us/tx"]))
    for arm, rows in sorted(arms.items()):
        cells = []
        for i in range(3):
            values = sorted(r[i] for r in rows if r[i] is not None)
            cells.append("-" if not values else f"{values[len(values) // 2]:.1f} [{values[0]:.1f}, {values[-1]:.1f}]")
        print("\t".join([arm] + cells))


if __name__ == "__main__":
    main(sys.argv[1])
