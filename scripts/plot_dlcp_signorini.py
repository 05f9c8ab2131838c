#!/usr/bin/env python3
"""Plots of scripts/bench_dlcp_signorini.sh in the style of [PL] Fig. 4.10 and Table 4.1.

    scripts/plot_dlcp_signorini.py [RESULTS_DIR]   # default $RELCP_RESULTS_DIR or results

Reads RESULTS_DIR/dlcp_signorini/timings.json and writes into RESULTS_DIR/dlcp_signorini:
  fig4_10_signorini_timing.png  left: time vs h at dx = 0.025; right: time vs dx at h = 0.01
  table4_1_signorini_split.png  Laplace-iteration time split (lcp, linear algebra,
                                interpolation, transfer) for both sweeps, openmp back end
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

results = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("RELCP_RESULTS_DIR", "results")
out = os.path.join(results, "dlcp_signorini")
runs = [r for r in json.load(open(os.path.join(out, "timings.json")))["runs"] if r.get("seconds") is not None]

styles = {("implicit-euler", "openmp"): dict(color="C0", marker="o", ls="-"),
          ("implicit-euler", "serial"): dict(color="C0", marker="s", ls="--"),
          ("laplace", "openmp"): dict(color="C3", marker="o", ls="-"),
          ("laplace", "serial"): dict(color="C3", marker="s", ls="--")}
labels = {"implicit-euler": "implicit Euler", "laplace": "Laplace iteration (3.3)"}

fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
for ax, sweep, key, xlabel, title in (
        (axes[0], "h", "h", "h", r"time vs h, $\Delta x$ = 0.025"),
        (axes[1], "dx", "dx", r"$\Delta x$", r"time vs $\Delta x$, h = 0.01")):
    for (method, backend), st in styles.items():
        pts = sorted((r[key], r["seconds"], r.get("iterations")) for r in runs
                     if r["sweep"] == sweep and r["method"] == method and r["backend"] == backend)
        if not pts:
            continue
        ax.loglog([p[0] for p in pts], [p[1] for p in pts], label=f"{labels[method]}, {backend}", **st)
        if method == "laplace" and backend == "openmp":
            for x, y, it in pts:
                ax.annotate(f"{it} it", (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7, color="C3")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("wall-clock seconds")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
axes[0].legend(fontsize=8)
fig.suptitle("[PL] 4.2 parabolic Signorini (Fig. 4.10 style), CPU, OMP_NUM_THREADS=2", fontsize=10)
fig.tight_layout()
path = os.path.join(out, "fig4_10_signorini_timing.png")
fig.savefig(path, dpi=110)
print(path)

parts = ("lcp", "linear_algebra", "interpolation", "transfer")
fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
for ax, sweep, key, fmt in ((axes[0], "h", "h", "h={:g}"), (axes[1], "dx", "dx", "dx={:g}")):
    sel = sorted((r for r in runs if r["sweep"] == sweep and r["method"] == "laplace" and r["backend"] == "openmp"),
                 key=lambda r: -r[key])
    names = [fmt.format(r[key]) for r in sel]
    bottom = [0.0] * len(sel)
    for i, part in enumerate(parts):
        share = [100.0 * (r.get("split_" + part) or 0.0) / r["seconds"] for r in sel]
        ax.bar(names, share, bottom=bottom, label=part.replace("_", " "), color=f"C{i}")
        bottom = [b + s for b, s in zip(bottom, share)]
    ax.bar(names, [100.0 - b for b in bottom], bottom=bottom, label="other", color="0.8")
    ax.set_ylabel("% of wall-clock time")
    ax.set_ylim(0, 100)
    ax.tick_params(axis="x", labelsize=7, rotation=20)
    ax.set_title("Laplace iteration, openmp: " + ("dx = 0.025" if sweep == "h" else "h = 0.01"))
axes[1].legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
fig.tight_layout()
path = os.path.join(out, "table4_1_signorini_split.png")
fig.savefig(path, dpi=110)
print(path)
