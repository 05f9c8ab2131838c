#!/usr/bin/env python3
"""Table 1 and Fig. 3 (b, c) of the ReLCP paper from the runs of scripts/bench_two_ellipsoids.sh.

Reads RESULTS/<run>/relcp.h5 for every run directory (relcp_dt<dt>, ms<NN>_dt<dt>), takes the
upper body's (id 0) x, y and rotation angle about z (radians, from the quaternion, unwrapped) at
the common sample times, and computes L2 errors = RMS over the common times (docs/results.md)
against the finest finished ReLCP run. Writes RESULTS/table1.json and RESULTS/fig3.png and prints a
Markdown table.

  /usr/bin/python3 scripts/two_ellipsoids_table.py results/two_ellipsoids [--reference relcp_dt1e-4]
"""
import argparse
import csv
import json
import math
import os
import re
import sys

import h5py
import numpy as np

PAPER = {  # Palmer et al. 2025, Table 1 (reference: ReLCP dt = 1e-5; LCP-MS at dt = 1e-5)
    "relcp": {"1e-1": [2.4530, 1.0111, 0.1078], "1e-2": [0.0256, 0.0243, 0.0041],
              "1e-3": [0.0048, 0.0044, 0.0006], "1e-4": [0.0026, 0.0024, 0.0003],
              "1e-5": [0.0, 0.0, 0.0]},
    "ms": {"3": [2.1326, 0.2473, 1.2034], "7": [0.2086, 0.1361, 0.0145], "13": [0.0574, 0.0422, 0.0044],
           "17": [0.0309, 0.0230, 0.0023], "23": [0.0120, 0.0087, 0.0008], "27": [0.0103, 0.0077, 0.0007]},
}
RUN_RE = re.compile(r"^(?:relcp_dt(?P<dt>[0-9.e+-]+)|ms(?P<n>\d+)_dt(?P<msdt>[0-9.e+-]+))$")


def read_run(path, sample):
    """Times (as integer sample indices), x, y, angle of body 0 and contact facts."""
    with h5py.File(os.path.join(path, "relcp.h5"), "r") as f:
        snaps = f["snapshots"]
        keys = sorted(snaps, key=int)
        k, x, y, ang, wz = [], [], [], [], []
        for key in keys:
            try:
                g = snaps[key]
                g["position"]
            except KeyError:  # a snapshot being written by a run still going (--include-unfinished)
                break
            t = float(g.attrs["time"])
            idx = np.where(np.asarray(g["id"]) == 0)[0]
            if len(idx) == 0:
                continue
            i = int(idx[0])
            kk = t / sample
            if abs(kk - round(kk)) > 1e-6:  # the final step when end_time is off the grid
                continue
            p = g["position"][i]
            q = g["orientation"][i]  # w x y z
            k.append(int(round(kk)))
            x.append(p[0])
            y.append(p[1])
            # rotation about z; the motion is planar, so q ~ (cos a/2, 0, 0, sin a/2)
            ang.append(2.0 * math.atan2(q[3], q[0]))
            wz.append(g["angular_velocity"][i][2])
    k = np.array(k)
    order = np.argsort(k, kind="stable")
    k, x, y, ang, wz = (np.asarray(a)[order] for a in (k, x, y, ang, wz))
    k, first = np.unique(k, return_index=True)
    x, y, ang, wz = x[first], y[first], ang[first], wz[first]
    ang = np.unwrap(ang)
    return {"k": k, "x": x, "y": y, "angle": ang, "wz": wz}


def read_stats(path):
    out = {"steps": 0, "max_constraints": 0, "max_relcp_iterations": 0, "max_overlap": 0.0,
           "first_constraint_time": None, "last_constraint_time": None, "step_seconds": 0.0}
    fn = os.path.join(path, "stats.csv")
    if not os.path.exists(fn):
        return out
    with open(fn) as f:
        for row in csv.DictReader(f):
            out["steps"] = int(row["step"])
            c = int(row["constraints"])
            out["max_constraints"] = max(out["max_constraints"], c)
            out["max_relcp_iterations"] = max(out["max_relcp_iterations"], int(row["relcp_iterations"]))
            out["max_overlap"] = max(out["max_overlap"], float(row["max_overlap"]))
            out["step_seconds"] += float(row["seconds"])
            if c > 0:
                t = float(row["time"])
                if out["first_constraint_time"] is None:
                    out["first_constraint_time"] = t
                out["last_constraint_time"] = t
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", help="results directory of bench_two_ellipsoids.sh")
    ap.add_argument("--sample", type=float, default=0.1, help="common sampling interval (default 0.1)")
    ap.add_argument("--reference", help="reference run name (default: finest finished relcp_dt*)")
    ap.add_argument("--include-unfinished", action="store_true",
                    help="also use runs without a 'done' marker (errors over their sampled times only)")
    args = ap.parse_args()

    runs = {}
    for name in sorted(os.listdir(args.results)):
        m = RUN_RE.match(name)
        d = os.path.join(args.results, name)
        if not m or not os.path.exists(os.path.join(d, "relcp.h5")):
            continue
        done = os.path.exists(os.path.join(d, "done"))
        if not done and not args.include_unfinished:
            print(f"two_ellipsoids_table: {name} not finished, skipped", file=sys.stderr)
            continue
        try:
            data = read_run(d, args.sample)
        except (OSError, KeyError) as e:
            print(f"two_ellipsoids_table: {name}: {e}, skipped", file=sys.stderr)
            continue
        if m.group("dt"):
            info = {"study": "relcp", "dt": m.group("dt"), "refinement": m.group("dt"), "dt_value": float(m.group("dt"))}
        else:
            n = int(m.group("n"))
            info = {"study": "ms", "dt": m.group("msdt"), "refinement": str(n), "dt_value": float(m.group("msdt")),
                    "spheres": n}
        wall = os.path.join(d, "wall_seconds")
        info["wall_seconds"] = int(open(wall).read()) if os.path.exists(wall) and done else None
        info["finished"] = done
        info.update(read_stats(d))
        info["data"] = data
        runs[name] = info

    relcp = sorted((r for r in runs if runs[r]["study"] == "relcp"), key=lambda r: runs[r]["dt_value"])
    if not relcp:
        sys.exit("two_ellipsoids_table: no finished relcp run")
    ref = args.reference or relcp[0]
    if ref not in runs:
        sys.exit(f"two_ellipsoids_table: reference {ref} not found")
    rd = runs[ref]["data"]

    rows = []
    for name in relcp[::-1] + sorted((r for r in runs if runs[r]["study"] == "ms"),
                               key=lambda r: (runs[r]["dt_value"], runs[r]["spheres"])):
        info = runs[name]
        d = info["data"]
        common, ia, ib = np.intersect1d(d["k"], rd["k"], return_indices=True)
        err = {q: float(np.sqrt(np.mean((d[q][ia] - rd[q][ib]) ** 2))) for q in ("x", "y", "angle")}
        active = np.where(np.abs(d["wz"]) > 1e-12)[0]
        t = d["k"] * args.sample
        turn = float(d["angle"][-1] - d["angle"][0])
        paper = PAPER[info["study"]].get(info["refinement"])
        row = {
            "run": name, "study": "ReLCP" if info["study"] == "relcp" else "LCP-MS",
            "refinement": (f"dt={info['dt']}" if info["study"] == "relcp" else f"{info['spheres']} spheres, dt={info['dt']}"),
            "dt": info["dt_value"], "spheres": info.get("spheres"),
            "l2_x": err["x"], "l2_y": err["y"], "l2_angle": err["angle"],
            "paper_l2_x": paper[0] if paper else None, "paper_l2_y": paper[1] if paper else None,
            "paper_l2_angle": paper[2] if paper else None,
            "common_samples": int(len(common)), "t_end": float(t[-1]),
            "rotation_start_time": float(t[active[0]]) if len(active) else None,
            "rotation_end_time": float(t[active[-1]]) if len(active) else None,
            "net_rotation_rad": turn, "final_x": float(d["x"][-1]), "final_y": float(d["y"][-1]),
            "max_angle_rad": float(np.max(d["angle"])), "min_angle_rad": float(np.min(d["angle"])),
            "steps": info["steps"], "max_constraints": info["max_constraints"],
            "max_relcp_iterations": info["max_relcp_iterations"], "max_overlap": info["max_overlap"],
            "first_constraint_time": info["first_constraint_time"], "last_constraint_time": info["last_constraint_time"],
            "step_seconds_sum": info["step_seconds"], "wall_seconds": info["wall_seconds"], "finished": info["finished"],
        }
        rows.append(row)

    out = {"reference": ref, "sample": args.sample, "body": 0,
           "l2": "RMS over the common sample times of (run - reference); angle in radians",
           "paper_reference": "ReLCP dt = 1e-5 (paper); LCP-MS at dt = 1e-5", "rows": rows}
    with open(os.path.join(args.results, "table1.json"), "w") as f:
        json.dump(out, f, indent=1)

    print(f"reference: {ref}; L2 = RMS over {rows[0]['common_samples']} common samples (every {args.sample})\n")
    print("| study | refinement | x (ours) | y (ours) | angle (ours) | x (paper) | y (paper) | angle (paper) | rotation | wall s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    fmt = lambda v: "-" if v is None else f"{v:.4f}"
    for r in rows:
        rot = "-" if r["rotation_start_time"] is None else f"{r['rotation_start_time']:.1f}-{r['rotation_end_time']:.1f}, {r['net_rotation_rad']:+.3f} rad"
        print(f"| {r['study']} | {r['refinement']} | {r['l2_x']:.4g} | {r['l2_y']:.4g} | {r['l2_angle']:.4g} | "
              f"{fmt(r['paper_l2_x'])} | {fmt(r['paper_l2_y'])} | {fmt(r['paper_l2_angle'])} | {rot} | "
              f"{'-' if r['wall_seconds'] is None else r['wall_seconds']} |")
    relrows = [r for r in rows if r["study"] == "ReLCP"]  # coarse to fine
    for a, b in zip(relrows, relrows[1:]):
        if b["run"] == ref:
            continue
        ratio = [f"{a[q] / b[q]:.1f}" if b[q] > 0 else "-" for q in ("l2_x", "l2_y", "l2_angle")]
        print(f"ReLCP {a['refinement']} -> {b['refinement']}: error reduction x {ratio[0]}, y {ratio[1]}, angle {ratio[2]}")

    plot(runs, relcp, ref, rows, args)


def plot(runs, relcp, ref, rows, args):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(3, 3, figsize=(13, 10.5))
    qs = [("x", "x of body 0"), ("y", "y of body 0"), ("angle", "angle of body 0 [rad]")]
    ms = sorted((r for r in runs if runs[r]["study"] == "ms"), key=lambda r: (runs[r]["dt_value"], runs[r]["spheres"]))
    cmap = plt.get_cmap("viridis")
    for col, (q, label) in enumerate(qs):
        ax = axes[0, col]
        for i, name in enumerate(relcp[::-1]):
            d = runs[name]["data"]
            ax.plot(d["k"] * args.sample, d[q], lw=1.2 if name != ref else 2.2,
                    color=cmap(i / max(1, len(relcp) - 1)), label=f"ReLCP dt={runs[name]['dt']}",
                    ls="-" if name != ref else "--", zorder=3 if name == ref else 2)
        ax.set_title(f"(b) ReLCP: {label}")
        ax.set_xlabel("t")
        ax = axes[1, col]
        d = runs[ref]["data"]
        ax.plot(d["k"] * args.sample, d[q], color="k", lw=2.2, ls="--", label=f"ReLCP dt={runs[ref]['dt']}", zorder=3)
        for i, name in enumerate(ms):
            d = runs[name]["data"]
            ax.plot(d["k"] * args.sample, d[q], lw=1.1, color=plt.get_cmap("plasma")(i / max(1, len(ms) - 1)),
                    label=f"MS {runs[name]['spheres']} (dt={runs[name]['dt']})")
        ax.set_title(f"(c) LCP-MS: {label}")
        ax.set_xlabel("t")
        if q != "y":
            # keep the range of the converged runs, as the paper does (MS-3 leaves it)
            ref_d = runs[ref]["data"][q]
            lo, hi = float(np.min(ref_d)), float(np.max(ref_d))
            pad = 0.25 * (hi - lo) + 0.05
            for ax in (axes[0, col], axes[1, col]):
                ax.set_ylim(lo - pad, hi + pad)
    axes[0, 0].legend(fontsize=7)
    axes[1, 0].legend(fontsize=7)
    for col, q in enumerate(("l2_x", "l2_y", "l2_angle")):
        ax = axes[2, col]
        rr = [r for r in rows if r["run"] != ref]
        labels = [("ReLCP " + r["refinement"].replace("dt=", "")) if r["study"] == "ReLCP" else f"MS {r['spheres']}" for r in rr]
        xs = np.arange(len(rr))
        ours = [max(r[q], 1e-12) for r in rr]
        paper = [r["paper_" + q] if r["paper_" + q] else np.nan for r in rr]
        ax.bar(xs - 0.2, ours, 0.4, label="ours", color="tab:blue")
        ax.bar(xs + 0.2, paper, 0.4, label="paper", color="tab:orange")
        ax.set_yscale("log")
        ax.set_xticks(xs)
        ax.set_xticklabels(labels, rotation=60, fontsize=7)
        ax.set_title(f"L2 error of {q[3:]} vs {ref}")
    axes[2, 0].legend(fontsize=7)
    fig.suptitle(f"Contacting ellipsoids (paper Fig. 3 b-c, Table 1): body 0, reference {ref}")
    fig.tight_layout()
    out = os.path.join(args.results, "fig3.png")
    fig.savefig(out, dpi=80)
    print(f"wrote {os.path.join(args.results, 'table1.json')} and {out}")


if __name__ == "__main__":
    main()
