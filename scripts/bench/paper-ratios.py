#!/usr/bin/env python3
"""The paper's HDD->SSD ratios from a campaign of the paper's workload with campaign.log-on=hdd,ssd.

For each database kind: the median over a cell's runs of the paper's average overall time per
cycle and average actor update time (summary.json's "paper" block), with the log on the hdd and
on the ssd, their ratio hdd/ssd, and the paper's own ratios (Oracle, HDD -> SSD: actor update
425 ms -> 75 ms, 5.7x; overall 324.6 s -> 201.6 s, 1.61x) beside them.

    python3 scripts/bench/paper-ratios.py campaigns/models-paper
"""
import json
import pathlib
import statistics
import sys

PAPER = {"averageActorUpdateMillis": 425 / 75, "averageOverallMillis": 324.6 / 201.6}
NAMES = {"averageActorUpdateMillis": "actor update (ms)", "averageOverallMillis": "overall per cycle (ms)"}


def medians(cell):
    runs = sorted(cell.glob("run/run-*/summary.json"))
    papers = [json.loads(r.read_text()).get("paper") for r in runs]
    papers = [p for p in papers if p]
    if not papers:
        return None, 0
    return {k: statistics.median(p[k] for p in papers) for k in PAPER}, len(papers)


def main(folder):
    cells = pathlib.Path(folder) / "cells"
    if not cells.is_dir():
        sys.exit(f"error: {cells} is not a campaign's cells folder")
    print("kind\tfigure\thdd\tssd\thdd/ssd\tpaper\tratio/paper\truns")
    for kind in ("postgresql", "mariadb", "oracle"):
        hdd = next(cells.glob(f"*-log-hdd-*-{kind}-*"), None)
        ssd = next(cells.glob(f"*-log-ssd-*-{kind}-*"), None)
        if hdd is None or ssd is None:
            continue
        (h, hn), (s, sn) = medians(hdd), medians(ssd)
        if h is None or s is None:
            print(f"{kind}\t(no paper figures in its runs)")
            continue
        for key, paper in PAPER.items():
            ratio = h[key] / s[key]
            print(f"{kind}\t{NAMES[key]}\t{h[key]:.1f}\t{s[key]:.1f}\t{ratio:.2f}\t{paper:.2f}\t"
                  f"{ratio / paper:.2f}\t{hn}+{sn}")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) == 2 else 2)
    main(sys.argv[1])
