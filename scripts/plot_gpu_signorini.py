#!/usr/bin/env python3
"""[PL] Fig. 4.10 / Table 4.1 on a GPU: the CSV of dcs_signorini_timing (scripts/gpu_check.sh).

    python3 scripts/plot_gpu_signorini.py docs/data/gpu_h200/signorini.csv \
        --before docs/data/gpu_h200/signorini_host_driven.csv --out docs/figures/gpu_signorini_h200.png

Left: seconds against h at dx = 0.025; middle: against dx at h = 0.01 (implicit Euler with its
sparse LU, and with CG where a run used it); right, with --before: where the time of the cuda
Laplace run at h = 0.01, dx = 0.025 goes, host-driven (before) against device-resident.
"""
import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

PARTS = ("setup_seconds", "lcp_s", "linear_algebra_s", "interpolation_s", "transfer_s")
PART_LABELS = ("setup", "LCP batch", "linear algebra", "convolutions", "transfers")


def read(path):
    try:
        with open(path, newline="") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as error:
        sys.exit(f"plot_gpu_signorini: {path}: {error.strerror}")
    if not rows or "seconds" not in rows[0]:
        sys.exit(f"plot_gpu_signorini: {path}: not a dcs_signorini_timing CSV (no 'seconds' column)")
    return rows


def series(rows, sweep, method, backend, solver=None):
    picked = [r for r in rows if r["sweep"] == sweep and r["method"] == method and r["converged"] == "1"
              and (method != "laplace" or r["backend"] == backend)
              and (solver is None or r.get("ie_linear_solver", "") == solver)]
    key = "h" if sweep == "h" else "dx"
    picked.sort(key=lambda r: float(r[key]))
    return [float(r[key]) for r in picked], [float(r["seconds"]) for r in picked]


def sweep_panel(axis, rows, sweep):
    curves = [("implicit-euler", None, "direct", "implicit Euler (sparse LU)", "k-o"),
              ("implicit-euler", None, "auto", "implicit Euler (CG above 4096 states)", "k:x"),
              ("laplace", "openmp", None, "Laplace, openmp (16 cores)", "C0-s"),
              ("laplace", "cuda", None, "Laplace, cuda", "C3-^")]
    for method, backend, solver, label, style in curves:
        x, y = series(rows, sweep, method, backend, solver)
        if x:
            axis.loglog(x, y, style, label=label)
    axis.set_xlabel("h (dx = 0.025)" if sweep == "h" else "dx (h = 0.01)")
    axis.set_ylabel("seconds per run")
    axis.grid(True, which="both", alpha=0.3)
    axis.legend(fontsize=7)


def split_panel(axis, before, after):
    def point(rows):
        for r in rows:
            if r["sweep"] == "dx" and r["method"] == "laplace" and r["backend"] == "cuda" and float(r["dx"]) == 0.025:
                return r
        sys.exit("plot_gpu_signorini: no cuda Laplace run at h = 0.01, dx = 0.025")
    bars = [("host-driven", point(before)), ("device-resident", point(after))]
    for i, (name, row) in enumerate(bars):
        bottom = 0.0
        for part, label, color in zip(PARTS, PART_LABELS, ("0.6", "C2", "C0", "C1", "C3")):
            value = 1e3 * float(row[part])
            axis.bar(i, value, bottom=bottom, color=color, label=label if i == 0 else None)
            bottom += value
        other = 1e3 * float(row["seconds"]) - bottom
        axis.bar(i, other, bottom=bottom, color="white", edgecolor="0.5", hatch="//",
                 label="other host work" if i == 0 else None)
    axis.set_xticks(range(len(bars)), [name for name, _ in bars])
    axis.set_ylabel("ms (h = 0.01, dx = 0.025, 15 iterations)")
    axis.legend(fontsize=7)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="dcs_signorini_timing output")
    parser.add_argument("--before", help="the same sweep with the host-driven cuda iteration")
    parser.add_argument("--out", default="gpu_signorini.png")
    parser.add_argument("--title", default="[PL] 4.2 Signorini on an NVIDIA H200 (CPU: 16 cores of its host)")
    args = parser.parse_args()
    rows = read(args.csv)
    panels = 3 if args.before else 2
    figure, axes = plt.subplots(1, panels, figsize=(5.2 * panels, 4.2))
    sweep_panel(axes[0], rows, "h")
    sweep_panel(axes[1], rows, "dx")
    if args.before:
        split_panel(axes[2], read(args.before), rows)
    figure.suptitle(args.title)
    figure.tight_layout()
    figure.savefig(args.out, dpi=110)
    print(f"plot_gpu_signorini: wrote {args.out}")


if __name__ == "__main__":
    main()
