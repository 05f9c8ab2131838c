#!/usr/bin/env python3
"""Chainmail of rings (Palmer et al. 2025, Sec. 4.4, Fig. 6) from the runs of
scripts/bench_chainmail.sh: ReLCP, multisphere with 32 spheres per ring and the single-constraint
LCP.

    python3 scripts/chainmail_figures.py RUNS... [--out DIR] [--tolerance 1e-5] [--minor-radius R]
                                        [--elevation 60] [--azimuth 15]
                                        [--snapshot-run relcp]

RUNS are run directories (stats.csv, relcp.h5, run.json: relcp, ms32, single) or directories
holding them. Writes into DIR (default: the parent of the first RUNS):

  fig6c.png     the largest overlap after each step, on the true ring surfaces (stats.csv
                max_overlap, solid) for every run, and for multisphere also between its
                sub-spheres (max_model_overlap, dashed; skipped with a warning when stats.csv
                has no such column); log y with the tolerance and 0.1 r, 0.6 r (r: the ring's
                minor radius) as reference lines. Overlaps of 0 are drawn at the bottom edge.
  fig6ab.png    ring centrelines of the initial network and of the last snapshot of each run
                (the paper: (a) initial, (b) taut) in a parallel projection (turned by the
                azimuth about z, seen from the elevation; 90 and 0: straight down on the x-y
                plane), flat rings blue, connector rings orange, all panels at one scale.
  summary.json  per run: the largest overlap over the run, its mean over the second half, the
                share of steps above the tolerance, in length units and in units of r; for
                multisphere the same of max_model_overlap.

The paper ran 2 MPI ranks x 32 threads; the overlaps and counts do not depend on the machine.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stats_tools as st  # noqa: E402  (reports missing numpy / matplotlib / h5py)
import numpy as np  # noqa: E402

SCRIPT = "chainmail_figures.py"
FLOOR_FACTOR = 1e-3  # zero overlaps are drawn at tolerance x this


def minor_radius(runs, given):
    if given:
        return given
    for run in runs:
        if not os.path.isfile(run.h5):
            continue
        try:
            snapshots = st.snapshot_list(run.h5)
            first = st.read_snapshot(run.h5, snapshots[0][0])
        except (OSError, KeyError, IndexError):
            continue
        tori = first["shape"] == st.TORUS
        if tori.any():
            return float(np.median(first["shape_params"][tori][:, 1]))
    st.warn(SCRIPT, "no torus in any relcp.h5; taking the paper's minor radius 0.1")
    return 0.1


def overlap_summary(values, tolerance, r):
    values = np.asarray(values, dtype=np.float64)
    half = values[len(values) // 2:]
    largest = float(values.max()) if values.size else None
    second_half = float(half.mean()) if half.size else None
    return {
        "max": largest,
        "max_over_r": largest / r if largest is not None else None,
        "mean_second_half": second_half,
        "mean_second_half_over_r": second_half / r if second_half is not None else None,
        "steps_above_tolerance": float((values > tolerance).mean()) if values.size else None,
    }


def summary(runs, tolerance, r):
    result = {"tolerance": tolerance, "minor_radius": r, "runs": {}}
    for run in runs:
        s = run.stats
        entry = {"label": run.label, "strategy": run.strategy, "multisphere_count": run.count,
                 "terminated_early": run.terminated_early, "steps": int(s.step[-1]),
                 "end_time": run.end_time, "rings": int(s.bodies[-1]),
                 "mean_constraints": float(s.constraints.mean()),
                 "max_overlap": overlap_summary(s.max_overlap, tolerance, r)}
        if run.strategy == "multisphere" and s.has("max_model_overlap"):
            entry["max_model_overlap"] = overlap_summary(s.max_model_overlap, tolerance, r)
        result["runs"][run.name] = entry
    return result


def violation_figure(runs, tolerance, r, path):
    plt = st.matplotlib_pyplot()
    colors = st.run_colors(runs)
    floor = tolerance * FLOOR_FACTOR
    fig, ax = plt.subplots(figsize=(9, 5))
    for run in runs:
        s = run.stats
        ax.plot(s.time, st.positive_for_log(s.max_overlap, floor), color=colors[run.name], lw=0.9,
                label="%s: true surfaces" % run.legend())
        if run.strategy == "multisphere":
            if s.has("max_model_overlap"):
                ax.plot(s.time, st.positive_for_log(s.max_model_overlap, floor), color=colors[run.name],
                        lw=0.9, ls="--", label="%s: between sub-spheres" % run.label)
            else:
                st.warn(SCRIPT, "%s/stats.csv has no max_model_overlap column; the sub-sphere "
                        "violation is not drawn" % run.directory)
    for value, text, style in ((tolerance, "tolerance %g" % tolerance, ":"),
                               (0.1 * r, "0.1 r", "-."), (0.6 * r, "0.6 r", "-.")):
        ax.axhline(value, color="0.4", lw=0.8, ls=style)
        ax.annotate(text, xy=(1.0, value), xycoords=("axes fraction", "data"), xytext=(3, 0),
                    textcoords="offset points", va="center", fontsize=8, color="0.3")
    ax.set_yscale("log")
    ax.set_ylim(bottom=floor * 0.8)
    ax.set_xlabel("time")
    ax.set_ylabel("max constraint violation (overlap) per step")
    ax.set_title("(c) chainmail: largest overlap after each step (0 drawn at %g)" % floor, fontsize=10)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)


def centrelines(snapshot, points=48):
    """Ring centreline polylines (n x points+1 x 3) and each ring's axis z-component."""
    tori = snapshot["shape"] == st.TORUS
    rotation = st.rotation_matrices(snapshot["orientation"][tori])
    major = snapshot["shape_params"][tori][:, 0]
    theta = np.linspace(0.0, 2.0 * np.pi, points + 1)
    local = np.stack([np.cos(theta), np.sin(theta), np.zeros_like(theta)], axis=-1)  # points x 3
    world = np.einsum("nij,pj->npi", rotation, local) * major[:, None, None]
    world += snapshot["position"][tori][:, None, :]
    return world, rotation[:, 2, 2]


def project(points, elevation, azimuth):
    """Screen coordinates of a parallel projection: the scene turned by `azimuth` degrees about z,
    then seen from `elevation` degrees above the x-y plane (90, 0: the x-y plane from above)."""
    turn, tilt = np.radians(azimuth), np.radians(90.0 - elevation)
    x = points[..., 0] * np.cos(turn) - points[..., 1] * np.sin(turn)
    y = points[..., 0] * np.sin(turn) + points[..., 1] * np.cos(turn)
    return np.stack([x, y * np.cos(tilt) + points[..., 2] * np.sin(tilt)], axis=-1)


def network_figure(runs, snapshot_run, elevation, azimuth, path):
    plt = st.matplotlib_pyplot()
    from matplotlib.collections import LineCollection

    panels = []
    first = next((run for run in runs if run.name == snapshot_run), None)
    ordered = ([first] if first else []) + [run for run in runs if run is not first]
    for index, run in enumerate(ordered):
        if not os.path.isfile(run.h5):
            st.warn(SCRIPT, "%s has no relcp.h5; no snapshot drawn" % run.directory)
            continue
        try:
            snapshots = st.snapshot_list(run.h5)
        except (OSError, KeyError) as error:
            st.warn(SCRIPT, "cannot read %s: %s" % (run.h5, error))
            continue
        if not snapshots:
            continue
        if not panels:
            panels.append(("(a) initial network", st.read_snapshot(run.h5, snapshots[0][0])))
        last = st.read_snapshot(run.h5, snapshots[-1][0])
        panels.append(("%s%s, last snapshot" % ("(b) " if len(panels) == 1 else "", run.legend()), last))
    if not panels:
        st.warn(SCRIPT, "no relcp.h5 to draw; %s not written" % path)
        return False
    lines = []
    for title, snapshot in panels:
        world, axis_z = centrelines(snapshot)
        lines.append((title, snapshot, project(world, elevation, azimuth), np.abs(axis_z) > 0.7))
    everything = np.concatenate([screen.reshape(-1, 2) for _, _, screen, _ in lines])
    low, high = everything.min(axis=0), everything.max(axis=0)
    pad = 0.03 * max(high - low)
    columns = min(len(lines), 2)
    rows = (len(lines) + columns - 1) // columns
    span = (high - low) + 2 * pad
    width = 6.5 * columns
    panel_height = min(6.5 * span[1] / span[0], 9.0) + 1.0  # + title and axis labels
    fig, axes = plt.subplots(rows, columns, figsize=(width, rows * panel_height + 0.4), squeeze=False)
    for ax, (title, snapshot, screen, flat) in zip(axes.flat, lines):
        for mask, color in ((flat, "tab:blue"), (~flat, "tab:orange")):
            if mask.any():
                ax.add_collection(LineCollection(list(screen[mask]), colors=color, linewidths=0.9))
        ax.set_xlim(low[0] - pad, high[0] + pad)
        ax.set_ylim(low[1] - pad, high[1] + pad)
        ax.set_aspect("equal")
        ax.set_title("%s\nt = %.4g, %d rings" % (title, snapshot["time"], len(screen)), fontsize=9)
        top = elevation >= 89.999 and azimuth == 0
        ax.set_xlabel("x" if top else "screen x")
        ax.set_ylabel("y" if top else "screen y")
    for ax in list(axes.flat)[len(lines):]:
        ax.set_visible(False)
    if not (elevation >= 89.999 and azimuth == 0):
        fig.suptitle("parallel projection: azimuth %g deg, elevation %g deg" % (azimuth, elevation),
                     fontsize=9)
        fig.tight_layout(rect=(0, 0, 1, 0.98))
    else:
        fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)
    return True


def main():
    parser = st.script_parser(__doc__, "run directories, or directories holding them (RUNS/<relcp|ms32|single>/)")
    parser.add_argument("--tolerance", type=float, default=1e-5,
                        help="collision.tolerance of the runs (default 1e-5)")
    parser.add_argument("--minor-radius", type=float,
                        help="ring minor radius r (default: from relcp.h5, else 0.1)")
    parser.add_argument("--elevation", type=float, default=60.0,
                        help="view elevation of fig6ab in degrees (90: top view; default 60)")
    parser.add_argument("--azimuth", type=float, default=15.0,
                        help="view azimuth of fig6ab in degrees (turn about z; default 15)")
    parser.add_argument("--snapshot-run", default="relcp",
                        help="run whose initial snapshot is panel (a) (default relcp)")
    args = parser.parse_args()
    out = args.out or st.default_out(args.runs)
    runs = st.collect_runs(args.runs, SCRIPT)
    if not runs:
        sys.exit("%s: no runs (directories with stats.csv) in %s" % (SCRIPT, " ".join(args.runs)))
    st.warn_if_mixed(runs, SCRIPT)
    tolerance = args.tolerance
    r = minor_radius(runs, args.minor_radius)
    os.makedirs(out, exist_ok=True)
    written = []
    result = summary(runs, tolerance, r)
    st.write_json(os.path.join(out, "summary.json"), result)
    written.append("summary.json")
    violation_figure(runs, tolerance, r, os.path.join(out, "fig6c.png"))
    written.append("fig6c.png")
    if network_figure(runs, args.snapshot_run, args.elevation, args.azimuth, os.path.join(out, "fig6ab.png")):
        written.append("fig6ab.png")
    print("| run | max overlap (true surfaces) | / r | mean over 2nd half / r | sub-spheres max |")
    print("|---|---|---|---|---|")
    for entry in result["runs"].values():
        true = entry["max_overlap"]
        model = entry.get("max_model_overlap")
        print("| %s | %s | %s | %s | %s |" % (entry["label"], st.fmt(true["max"]), st.fmt(true["max_over_r"]),
                                              st.fmt(true["mean_second_half_over_r"]),
                                              st.fmt(model["max"]) if model else "-"))
    for name in written:
        print("%s: wrote %s" % (SCRIPT, os.path.join(out, name)))


if __name__ == "__main__":
    main()
