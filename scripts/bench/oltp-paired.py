#!/usr/bin/env python3
"""commitbench and sysbench side by side: both at once, against the same server and data set.

oltp-vs-sysbench.sh runs the two tools one after the other, so what drifts between legs, and what
the first tool leaves behind for the second, falls on one tool only, by more than the bars being
checked (the bars on docs/performance.md). Here both run together, each with THREADS connections, so what moves the
machine moves both, and their ratio is taken over one window of wall-clock time:

  - transactions: each tool's own per-second counts (sysbench --report-interval=1, commitbench's
    intervals.csv), summed over the window, the partly covered seconds pro rata;
  - client CPU: each process's user+system time (/proc/PID/stat) over the window;
  - server CPU: the server threads (MariaDB, by PROCESSLIST.TID) or backends (PostgreSQL, by
    pg_stat_activity.pid) of each process's connections, found by their client ports (ss -tnp).

Per round one line; per cell the median of the rounds' ratios (first side over second) and their
range, as io.commitbench.bench.RoundRatios (from the benchmarks jar) computes them. Who is launched first alternates by round. SIDES="sysbench sysbench" (or "commitbench
commitbench") is the control: how far two identical sides differ is the method's noise. A side
"plain" is a plain JDBC loop (PlainPointSelect from the benchmarks jar, oltp_point_select only):
beside sysbench it tells what the JDBC driver and the JVM cost, beside commitbench what the
harness costs.

  scripts/bench/oltp-paired.py                   # both servers, point_select and read_write, 2 threads a side
  DBS=mariadb WORKLOADS=oltp_point_select THREADS="2 4" ROUNDS=5 scripts/bench/oltp-paired.py
  SIDES="sysbench sysbench" DBS=mariadb scripts/bench/oltp-paired.py
  SIDES="plain sysbench" DBS=mariadb WORKLOADS=oltp_point_select scripts/bench/oltp-paired.py

Environment: DBS, WORKLOADS, THREADS (per side), ROUNDS (3), WARMUP (10 s), DURATION (40 s,
measured after the warm-up), ROWS (1,000,000), SIDES, OUT, JAR, BENCH_JAR. Needs the local PostgreSQL and
MariaDB as oltp-vs-sysbench.sh does, ss (iproute2), and the jar (mvn -B -pl harness-cli -am
package -DskipTests) and the benchmarks jar (mvn -B -pl src-test/jmh -am package -DskipTests),
which has the plain side and RoundRatios; installs sysbench when missing. Loads sysbench's own
sbtest1 (sysbench prepare), refuses to start when it exists, and drops it at the end however the
run ends. --help prints this and exits.
"""
import csv
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]
JAR = Path(os.environ.get("JAR", HERE / "harness-cli/target/commitbench.jar"))
BENCH_JAR = Path(os.environ.get("BENCH_JAR", HERE / "src-test/jmh/target/benchmarks.jar"))
TOOLS = ("commitbench", "sysbench", "plain")
OLTP = ("oltp_read_write", "oltp_read_only", "oltp_write_only", "oltp_point_select", "oltp_update_index",
        "oltp_update_non_index", "oltp_insert", "oltp_delete")
DBS = os.environ.get("DBS", "postgresql mariadb").split()
WORKLOADS = os.environ.get("WORKLOADS", "oltp_point_select oltp_read_write").split()
THREADS = [int(t) for t in os.environ.get("THREADS", "2").split()]
ROUNDS = int(os.environ.get("ROUNDS", "3"))
WARMUP = int(os.environ.get("WARMUP", "10"))
DURATION = int(os.environ.get("DURATION", "40"))
ROWS = int(os.environ.get("ROWS", "1000000"))
SIDES = os.environ.get("SIDES", "commitbench sysbench").split()
OUT = Path(os.environ.get("OUT", HERE / time.strftime("results/oltp-paired-%Y%m%d-%H%M%S", time.gmtime())))
TICKS = os.sysconf("SC_CLK_TCK")


def refuse(message):
    """Bad input or a state this script will not touch: says why, exits 2 before anything changed."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def shell(command):
    """Runs a command line of oltp-common.sh's helpers; returns its output."""
    return subprocess.run(["bash", "-c", f"source {HERE}/scripts/bench/oltp-common.sh; {command}"],
                          check=True, capture_output=True, text=True).stdout.strip()


def sb_args(db):
    return shell(f"sb_args {db}").split()


def sql(db, statement):
    return shell(f"sql {db} \"{statement}\"")


def medians_of_ratios(cells):
    """Each cell's "median (min .. max)" of its rounds' ratios, from RoundRatios: [[(first, second), ...], ...]."""
    lines = "".join(" ".join(f"{x!r}/{y!r}" for x, y in rounds) + "\n" for rounds in cells)
    out = subprocess.run(["java", "-cp", str(BENCH_JAR), "io.commitbench.bench.RoundRatios"], input=lines,
                         check=True, capture_output=True, text=True).stdout.splitlines()
    return out


def cpu_ticks(path):
    """user+system clock ticks of a process or thread, from its stat file."""
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def client_ports(pid):
    """The local ports of a process's TCP connections."""
    lines = subprocess.run(["ss", "-tnp"], capture_output=True, text=True, check=True).stdout.splitlines()
    return sorted({line.split()[3].rsplit(":", 1)[1] for line in lines if f"pid={pid}," in line})


def server_threads(db, pid):
    """The stat files of the server threads or processes serving a client process's connections."""
    ports = client_ports(pid)
    if not ports:
        return []
    if db == "mariadb":
        hosts = ",".join(f"'127.0.0.1:{p}'" for p in ports)
        server = shell("pgrep -x mariadbd | head -1")
        tids = sql(db, f"SELECT TID FROM information_schema.PROCESSLIST WHERE HOST IN ({hosts})").split()
        return [f"/proc/{server}/task/{t}/stat" for t in tids]
    pids = sql(db, f"SELECT pid FROM pg_stat_activity WHERE client_port IN ({','.join(ports)})").split()
    return [f"/proc/{p}/stat" for p in pids]


class Side:
    """One tool's process in a pair: started, sampled at the window's ends, read afterwards."""

    def __init__(self, tool, db, workload, threads, tag):
        self.tool, self.db, self.workload, self.threads = tool, db, workload, threads
        self.log = OUT / f"{db}-{workload}-{threads}-{tag}-{tool}.log"
        self.run_dir = OUT / f"{db}-{workload}-{threads}-{tag}-{tool}"
        self.process = None
        self.threads_stat = None  # found at the first sample, when the connections are open

    def start(self):
        if self.tool == "sysbench":
            command = ["sysbench", self.workload, *sb_args(self.db), "--tables=1", f"--table-size={ROWS}",
                       f"--threads={self.threads}", f"--time={WARMUP + DURATION}", "--report-interval=1", "run"]
        elif self.tool == "plain":
            command = ["java", "-cp", str(BENCH_JAR), "io.commitbench.bench.PlainPointSelect", f"url={shell(f'cb_url {self.db}')}",
                       f"user={shell(f'db_user {self.db}')}", "table=sbtest1", f"rows={ROWS}", f"threads={self.threads}", f"seconds={DURATION}",
                       f"warmup={WARMUP}", "perSecond=true"]
        else:
            command = ["java", "-jar", str(JAR), "run", str(OUT / "oltp.properties"),
                       "--set", f"db.url={shell(f'cb_url {self.db}')}", "--set", f"workload={self.workload}",
                       "--set", f"users={self.threads}", "--set", f"duration={DURATION}", "--set", f"warmup={WARMUP}",
                       "--set", f"results.dir={OUT}", "--set", f"run.id={self.run_dir.name}"]
        self.launched = time.time()
        with self.log.open("w") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)

    def sample(self):
        """(client ticks, server ticks) now; the server threads are found at the first sample."""
        if self.threads_stat is None:
            self.threads_stat = server_threads(self.db, self.process.pid)
        server = sum(cpu_ticks(t) for t in self.threads_stat if os.path.exists(t))
        return cpu_ticks(f"/proc/{self.process.pid}/stat"), server

    def wait(self):
        if self.process.wait() != 0:
            raise SystemExit(f"error: {self.tool} failed (exit {self.process.returncode}); see {self.log}")

    def per_second(self):
        """[(epoch start, epoch end, transactions)] from the tool's own per-second report."""
        if self.tool in ("sysbench", "plain"):
            text = self.log.read_text()
            rows = re.findall(r"^\[ (\d+)s \] thds: \d+ tps: ([\d.]+)", text, re.M)
            # sysbench counts its report seconds from its start, a few ms after the launch; the
            # plain loop says from when
            base = re.search(r"^per-second counts from epoch ([\d.]+)", text, re.M)
            base = float(base.group(1)) if base else self.launched
            return [(base + int(s) - 1, base + int(s), float(tps)) for s, tps in rows]
        base = float(re.search(r"#\[StartTime: ([\d.]+)", (self.run_dir / "latency.hlog").read_text()).group(1))
        with (self.run_dir / "intervals.csv").open() as f:
            return [(base + float(r["start_s"]), base + float(r["end_s"]), float(r["transactions"]))
                    for r in csv.DictReader(f)]

    def transactions_between(self, t0, t1):
        total = 0.0
        for start, end, count in self.per_second():
            overlap = min(end, t1) - max(start, t0)
            if overlap > 0:
                total += count * overlap / (end - start)
        return total


def pair(db, workload, threads, round_no):
    """Both sides at once; returns (figures of side 0, figures of side 1) over one window."""
    sides = [Side(tool, db, workload, threads, f"r{round_no}s{i}") for i, tool in enumerate(SIDES)]
    order = sides if round_no % 2 else list(reversed(sides))
    try:
        for side in order:
            side.start()
        launched = max(s.launched for s in sides)
        # The window: after the warm-up and the JVM's start, ending before sysbench's last second.
        time.sleep(max(0.0, launched + WARMUP + 5 - time.time()))
        t0, at0 = time.time(), [s.sample() for s in sides]
        time.sleep(max(1.0, launched + WARMUP + DURATION - 4 - time.time()))
        t1, at1 = time.time(), [s.sample() for s in sides]
        for side in sides:
            side.wait()
    finally:
        # A side that failed, or an interrupt, must not leave the other running on tables dropped next.
        for side in sides:
            if side.process is not None and side.process.poll() is None:
                side.process.terminate()
                side.process.wait()
    figures = []
    for side, a, b in zip(sides, at0, at1):
        tx = side.transactions_between(t0, t1)
        figures.append({"tps": tx / (t1 - t0), "client_us": (b[0] - a[0]) * 1e6 / TICKS / tx,
                        "server_us": (b[1] - a[1]) * 1e6 / TICKS / tx, "connections": len(side.threads_stat)})
    return figures


def main():
    if sys.argv[1:] in (["--help"], ["-h"]):
        print(__doc__.strip())
        return
    if len(SIDES) != 2 or any(s not in TOOLS for s in SIDES):
        refuse(f"SIDES={' '.join(SIDES)}: two of {', '.join(TOOLS)}")
    for workload in WORKLOADS:
        if workload not in OLTP:
            refuse(f"WORKLOADS: '{workload}' is not one of {', '.join(OLTP)}")
    if "plain" in SIDES and WORKLOADS != ["oltp_point_select"]:
        refuse(f"the plain side runs oltp_point_select only; WORKLOADS={' '.join(WORKLOADS)}")
    for tool, jar, module in (("commitbench", JAR, "harness-cli"), (None, BENCH_JAR, "src-test/jmh")):
        if tool in SIDES + [None] and not jar.exists():
            refuse(f"no {jar}; build it: mvn -B -pl {module} -am package -DskipTests")
    for db in DBS:
        if db not in ("postgresql", "mariadb"):
            refuse(f"DBS: '{db}' is not one of postgresql, mariadb")
        if shell(f"table_exists {db} sbtest1 && echo yes || true"):
            refuse(f"{db} has a table sbtest1 already (not ours?); stopping")
    shell("ensure_sysbench")
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "oltp.properties").write_text(
        f"workload=oltp_point_select\noltp.table.size={ROWS}\ntable.prefix=sbtest\nload=reuse\n"
        "users.mode=shared\nerrors.max=100%\n")
    summary = OUT / "summary.md"
    a, b = SIDES
    lines = [f"# {a} beside {b}, both at once, {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}, {os.cpu_count()} cores",
             f"warm-up {WARMUP} s, window about {DURATION - 9} s inside {DURATION} s measured; {ROWS} rows; threads are per side",
             "", f"| db | workload | threads | round | tx/s {a} | tx/s {b} | tx/s ratio | client µs/tx {a} | {b} | client ratio "
             f"| server µs/tx {a} | {b} | server ratio |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    cells = []
    for db in DBS:
        try:
            subprocess.run(["sysbench", "oltp_read_write", *sb_args(db), "--tables=1", f"--table-size={ROWS}", "prepare"],
                           check=True, stdout=(OUT / f"{db}-prepare.log").open("w"), stderr=subprocess.STDOUT)
            for workload in WORKLOADS:
                for threads in THREADS:
                    rounds = {"tps": [], "client_us": [], "server_us": []}
                    for round_no in range(1, ROUNDS + 1):
                        x, y = pair(db, workload, threads, round_no)
                        for k in rounds:
                            rounds[k].append((x[k], y[k]))
                        lines.append(f"| {db} | {workload} | {threads} | {round_no} | {x['tps']:.0f} | {y['tps']:.0f} | {x['tps'] / y['tps']:.3f} "
                                     f"| {x['client_us']:.1f} | {y['client_us']:.1f} | {x['client_us'] / y['client_us']:.3f} "
                                     f"| {x['server_us']:.1f} | {y['server_us']:.1f} | {x['server_us'] / y['server_us']:.3f} |")
                        print(lines[-1], flush=True)
                    cells.append((db, workload, threads, rounds))
        finally:
            subprocess.run(["sysbench", "oltp_read_write", *sb_args(db), "--tables=1", "cleanup"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    measures = ("tps", "client_us", "server_us")
    summaries = iter(medians_of_ratios([r[k] for _, _, _, r in cells for k in measures]))
    rows = [(db, w, t, *(next(summaries) for _ in measures)) for db, w, t, _ in cells]
    lines += ["", f"Per cell, {a} over {b}: median (range) of the rounds' ratios", "",
              "| db | workload | threads | tx/s | client CPU/tx | server CPU/tx |", "|---|---|---|---|---|---|"]
    lines += [f"| {db} | {w} | {t} | {tps} | {client} | {server} |" for db, w, t, tps, client, server in rows]
    summary.write_text("\n".join(lines) + "\n")
    print("\n".join(lines[-len(cells) - 2:]))
    print(f"results: {summary}")


if __name__ == "__main__":
    main()
