#!/usr/bin/python3
"""What a colony step's cost grows with: seconds per step, alm's Newton steps per step, ReLCP
solves per step and the cost of one Newton step against the cell count, per generation, log-log,
with the fitted growth exponents in the legend (docs/results.md, "What the step cost's growth is
made of").

Usage: plot_colony_step_growth.py [--from STATS.csv ...] [--csv CSV] [--png PNG] [--min-cells N]
  --from       stats.csv files of colony runs (relcp_sim's output, docs/output.md); their rows are
               grouped by cell count and written to CSV. The first two rows of each file are left
               out (a restart's first steps run apgd before `auto` moves to alm).
  --csv        per-generation table, read when --from is not given
               (default docs/data/colony_growth/generations.csv)
  --png        the figure (default docs/figures/colony_step_growth.png)
  --min-cells  generations below this are left out of the fits and the figure (default 1024:
               below it `auto` runs apgd, whose iterations are not Newton steps)
Runs with /usr/bin/python3 (numpy and matplotlib from scripts/setup.sh).
"""
import argparse
import csv
import sys
from collections import defaultdict
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = ["cells", "steps", "seconds_per_step", "newton_steps_per_step", "relcp_solves_per_step",
           "factorizations_per_step", "ms_per_newton_step"]
NEEDED = {"bodies", "seconds", "solver_iterations", "relcp_iterations", "factorizations"}


def fail(message):
    print(f"plot_colony_step_growth.py: {message}", file=sys.stderr)
    sys.exit(2)


def generations_from_stats(paths):
    sums = defaultdict(lambda: defaultdict(float))
    for path in paths:
        with open(path) as handle:
            reader = csv.DictReader(handle)
            missing = NEEDED - set(reader.fieldnames or [])
            if missing:
                fail(f"{path}: no column {', '.join(sorted(missing))} (a relcp_sim stats.csv is expected)")
            for row in list(reader)[2:]:
                total = sums[int(row["bodies"])]
                total["steps"] += 1
                for key in ("seconds", "solver_iterations", "relcp_iterations", "factorizations"):
                    total[key] += float(row[key])
    table = []
    for cells in sorted(sums):
        total = sums[cells]
        steps = total["steps"]
        table.append({
            "cells": cells,
            "steps": int(steps),
            "seconds_per_step": total["seconds"] / steps,
            "newton_steps_per_step": total["solver_iterations"] / steps,
            "relcp_solves_per_step": total["relcp_iterations"] / steps,
            "factorizations_per_step": total["factorizations"] / steps,
            "ms_per_newton_step": 1e3 * total["seconds"] / max(total["solver_iterations"], 1.0),
        })
    return table


def read_table(path):
    with open(path) as handle:
        rows = list(csv.DictReader(line for line in handle if not line.startswith("#")))
    if not rows or set(COLUMNS) - set(rows[0]):
        fail(f"{path}: expected the columns {', '.join(COLUMNS)}")
    return [{key: float(row[key]) for key in COLUMNS} for row in rows]


def write_table(path, table, sources):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as handle:
        handle.write("# per generation, from: " + " ".join(str(s) for s in sources) + "\n")
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        for row in table:
            writer.writerow({key: (f"{row[key]:.6g}" if isinstance(row[key], float) else row[key]) for key in COLUMNS})


def exponent(cells, values):
    return np.polyfit(np.log(cells), np.log(values), 1)[0]


def plot(table, png, min_cells):
    rows = [row for row in table if row["cells"] >= min_cells]
    if len(rows) < 2:
        fail(f"fewer than two generations with at least {min_cells} cells")
    cells = np.array([row["cells"] for row in rows])
    series = [
        ("seconds_per_step", "s per step", "o-"),
        ("newton_steps_per_step", "Newton steps per step", "s-"),
        ("relcp_solves_per_step", "ReLCP solves per step", "^-"),
        ("ms_per_newton_step", "ms per Newton step", "d-"),
    ]
    figure, axis = plt.subplots(figsize=(6.4, 4.6))
    for key, label, style in series:
        values = np.array([row[key] for row in rows])
        axis.loglog(cells, values, style, label=f"{label}: N^{exponent(cells, values):.2f}")
    axis.set_xlabel("cells")
    axis.set_title("Colony step cost and what it is made of (per generation)")
    axis.grid(True, which="both", alpha=0.3)
    axis.legend(fontsize=8)
    figure.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(png, dpi=120)
    print(f"wrote {png}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="sources", nargs="+", type=Path, help="colony stats.csv files")
    parser.add_argument("--csv", type=Path, default=ROOT / "docs/data/colony_growth/generations.csv")
    parser.add_argument("--png", type=Path, default=ROOT / "docs/figures/colony_step_growth.png")
    parser.add_argument("--min-cells", type=int, default=1024)
    args = parser.parse_args()
    if args.sources:
        for source in args.sources:
            if not source.is_file():
                fail(f"{source}: no such file")
        table = generations_from_stats(args.sources)
        write_table(args.csv, table, args.sources)
        print(f"wrote {args.csv}")
    else:
        if not args.csv.is_file():
            fail(f"{args.csv}: no such file (give --from STATS.csv)")
        table = read_table(args.csv)
    plot(table, args.png, args.min_cells)


if __name__ == "__main__":
    main()
