#!/usr/bin/env python3
"""Solver iterations per LCP against the colony's size, one line per solver, log-log, with the
fitted growth exponent in the legend (docs/results.md, "Body-space solvers").

Usage: plot_colony_solver_iterations.py [CSV] [PNG]
  CSV  default docs/data/colony_solvers/iterations_per_lcp.csv (cells,solver,iterations_per_lcp,...)
  PNG  default docs/figures/colony_solver_iterations.png
Runs with /usr/bin/python3 (numpy and matplotlib from scripts/setup.sh).
"""
import csv
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def read_rows(path):
    with open(path) as handle:
        lines = [line for line in handle if not line.startswith("#")]
    return list(csv.DictReader(lines))


def main():
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/data/colony_solvers/iterations_per_lcp.csv"
    target = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "docs/figures/colony_solver_iterations.png"
    rows = read_rows(source)
    figure, axes = plt.subplots(figsize=(6.4, 4.4))
    for solver, marker in (("apgd", "s"), ("alm", "o"), ("ip", "^")):
        points = sorted((int(r["cells"]), float(r["iterations_per_lcp"])) for r in rows if r["solver"] == solver)
        if not points:
            continue
        cells, iterations = map(np.array, zip(*points))
        exponent = np.polyfit(np.log(cells), np.log(iterations), 1)[0]
        axes.loglog(cells, iterations, marker=marker, label=f"{solver}: ~ N^{exponent:.2f}")
    axes.set_xlabel("cells N")
    axes.set_ylabel("solver iterations per LCP")
    axes.set_title("configs/colony.yaml: iterations per contact LCP")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    target.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(target, dpi=120)
    print(target)


if __name__ == "__main__":
    main()
