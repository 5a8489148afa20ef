"""Response and service time percentiles (ms) from pgbench per-transaction logs (pgbench -l).

Each log line: client_id transaction_no time script_no time_epoch time_us schedule_lag; with -R,
time (microseconds) counts from the transaction's scheduled start, and schedule_lag is how late
it started, so service time = time - schedule_lag; without -R the line has no schedule_lag, and
the two are the same. Lines that ended before the warm-up are
skipped, as commitbench excludes its warm-up.

usage: percentiles.py WARMUP_SECONDS LOG_FILE...
"""
import sys

warmup = float(sys.argv[1])
rows = []
for name in sys.argv[2:]:
    with open(name) as log:
        for line in log:
            fields = line.split()
            lag = int(fields[6]) if len(fields) > 6 else 0
            rows.append((int(fields[4]) + int(fields[5]) / 1e6, int(fields[2]), lag))
start = min(r[0] for r in rows)
kept = [r for r in rows if r[0] - start >= warmup]
span = max(r[0] for r in kept) - min(r[0] for r in kept)


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100.0 * len(values) + 0.5)) - 1)] / 1000.0


response = [r[1] for r in kept]
service = [r[1] - r[2] for r in kept]
print("%.1f %.3f %.3f %.3f %.3f" % (len(kept) / span, pct(response, 50), pct(response, 99),
                                    pct(service, 50), pct(service, 99)))
