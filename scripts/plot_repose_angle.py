#!/usr/bin/python3
"""Figure of an angle-of-repose sweep: docs/figures/repose_angle.png (mu), sphere_repose_angle.png (rolling).

docs/figures/repose_angle.png: the lentils against mu (docs/data/repose/README.md).

Left: the flank angle (with its spread over 8 azimuthal sectors) and the cone angle
atan(height / r95) against mu, from the CSV of scripts/bench_repose_angle.sh. Right: side views
(bodies projected on the x-z plane, as their ellipses) of two final heaps, low and high mu, with
the surface h(r); they need the runs' directories (--runs OUT, holding <model>_mu<mu>/).

A CSV of a sweep of the rolling coefficient (bench_repose_angle.sh --rolling; its `swept` column
reads rolling) is drawn against collision.rolling_friction instead, with the side views of
OUT/<model>_rolling<r>/, by default to docs/figures/sphere_repose_angle.png
(docs/data/repose_spheres/README.md); a CSV without that column (the older ones) is a sweep of mu.

    /usr/bin/python3 scripts/plot_repose_angle.py docs/data/repose/angles.csv --runs out/repose
    /usr/bin/python3 scripts/plot_repose_angle.py docs/data/repose_spheres/angles.csv --runs out/repose_spheres

--also CSV=LABEL overlays another sweep of the same coefficient (e.g. runs of 6 s), --label and
--view-label name the curves and the side views (the figure of docs/data/repose_spheres/README.md).
"""

import argparse
import math
import os
import sys

import numpy as np

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Ellipse
except ImportError as missing:
    sys.exit("plot_repose_angle.py: %s (Debian's python is /usr/bin/python3)" % missing)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure_repose_angle as measure  # noqa: E402


def read_csv(path):
    rows = []
    with open(path) as f:
        header = f.readline().strip().split(",")
        for line in f:
            if line.strip():
                rows.append(dict(zip(header, line.strip().split(","))))
    return rows


def side_view(ax, run_dir, title, extent=(9.0, 4.5)):
    d = measure.load(run_dir)
    pos, q, params = d["position"], d["orientation"], d["shape_params"]
    centre = pos[:, :2].mean(axis=0)
    rot = measure.rotation_matrices(q)
    # the thin slab |y - yc| < 1.5 through the axis, drawn as the ellipses of the projected bodies
    # (projection of an ellipsoid on the x-z plane: the 2x2 block of R diag(a^2) R^T's inverse
    # is not needed; the shadow's quadratic form is the x-z block of R diag(a^2) R^T)
    for i in np.argsort(np.abs(pos[:, 1] - centre[1]))[::-1]:
        if abs(pos[i, 1] - centre[1]) > 1.5:
            continue
        a = params[i, :3] if d["shape"][i] == 1 else np.repeat(params[i, 0], 3)
        m = rot[i] @ np.diag(a ** 2) @ rot[i].T
        block = m[np.ix_([0, 2], [0, 2])]
        w, v = np.linalg.eigh(block)
        angle = np.degrees(np.arctan2(v[1, 1], v[0, 1]))
        shade = 0.35 + 0.5 * min(abs(pos[i, 1] - centre[1]) / 1.5, 1.0)
        ax.add_patch(Ellipse((pos[i, 0] - centre[0], pos[i, 2]), 2 * np.sqrt(w[1]), 2 * np.sqrt(w[0]),
                             angle=angle, facecolor=(shade, shade, 0.9), edgecolor="k", lw=0.3))
    m = measure.measure(run_dir)
    radii, h = m["profile"]
    ax.plot(radii, h, "r.-", lw=0.8, ms=3, label="surface h(r)")
    ax.plot(-radii, h, "r.-", lw=0.8, ms=3)
    ax.axhline(0, color="k", lw=1)
    ax.set_aspect("equal")
    ax.set_xlim(-extent[0], extent[0])
    ax.set_ylim(-0.3, extent[1])
    ax.set_title("%s: flank %.0f deg, cone %.0f deg" % (title, m["angle_deg"], m["cone_angle_deg"]),
                 fontsize=9)
    ax.set_xlabel("x - x_c")
    ax.set_ylabel("z")


def sphere_radius(run_dir):
    """The spheres' radius of a run (None unless all its bodies are spheres of one radius)."""
    d = measure.load(run_dir)
    radii = set(np.round(d["shape_params"][:, 0], 6)) if (d["shape"] == 0).all() else set()
    return float(radii.pop()) if len(radii) == 1 else None


def view_extent(run_dirs):
    """Half width and height of the side views: room for the widest and tallest of the heaps
    (the 98th percentile of the horizontal distance to the axis)."""
    half, height = 9.0, 4.5
    for run in run_dirs:
        d = measure.load(run)
        pos = d["position"]
        r = np.hypot(*(pos[:, :2] - pos[:, :2].mean(axis=0)).T)
        half = max(half, float(np.percentile(r, 98)) + 1.0)
        height = max(height, float(pos[:, 2].max()) + 1.0)
    return math.ceil(half), math.ceil(height * 2) / 2


def draw_sweep(ax, rows, key, swept, label, models):
    """The flank angle (bars: sector spread) and the cone angle of one sweep, per model."""
    suffix = ", " + label if label else ""
    for model, marker, colour in models:
        sel = [r for r in rows if r["model"] == model]
        if not sel:
            continue
        sel.sort(key=lambda r: float(r[key]))
        shift = 0.015 if swept == "mu" else 0.006
        mu = np.array([float(r[key]) for r in sel]) + (shift if model == "ccp" else 0.0)
        ang = np.array([float(r["angle_deg"]) for r in sel])
        err = np.array([float(r["angle_sector_std_deg"]) for r in sel])
        cone = np.array([float(r["cone_angle_deg"]) for r in sel])
        ax.errorbar(mu, ang, yerr=np.nan_to_num(err), marker=marker, color=colour, capsize=3,
                    ls="-" if model == "coulomb" else "none",
                    label="flank fit, %s (bars: sector spread)%s" % (model, suffix))
        ax.plot(mu, cone, marker=marker, mfc="none", color=colour, ls=":" if model == "coulomb" else "none",
                label="atan(height / r95), %s%s" % (model, suffix))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", help="angles.csv of scripts/bench_repose_angle.sh")
    parser.add_argument("--runs", help="the runs' directory (OUT of the bench), for the side views")
    parser.add_argument("--views", help="the two coefficients of the side views (mu: 0.1,0.8; "
                                        "rolling: 0,0.2)")
    parser.add_argument("--label", default="", help="appended to the legend of CSV's curves, e.g. "
                                                    "'t = 3 s'")
    parser.add_argument("--also", action="append", default=[], metavar="CSV=LABEL",
                        help="also draw the coulomb rows of another sweep of the same coefficient "
                             "(e.g. longer runs), labelled LABEL; repeatable")
    parser.add_argument("--view-label", default="",
                        help="appended to the side views' titles, e.g. 't = 6 s'")
    parser.add_argument("--out", help="the figure (default docs/figures/repose_angle.png, or "
                                      "docs/figures/sphere_repose_angle.png for a rolling sweep)")
    args = parser.parse_args()
    rows = read_csv(args.csv)
    swept = rows[0].get("swept", "mu") if rows else "mu"   # older CSVs: a sweep of mu
    rows = [r for r in rows if r.get("swept", "mu") == swept]
    key, prefix = ("rolling_friction", "coulomb_rolling") if swept == "rolling" else ("mu", "coulomb_mu")
    if args.out is None:
        args.out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "figures",
                                "sphere_repose_angle.png" if swept == "rolling" else "repose_angle.png")

    views = (args.views or ("0,0.2" if swept == "rolling" else "0.1,0.8")).split(",")
    have_views = args.runs and all(os.path.isdir(os.path.join(args.runs, prefix + v)) for v in views)
    fig = plt.figure(figsize=(12, 5.2) if have_views else (6, 4.5))
    ax = fig.add_subplot(1, 2, 1) if have_views else fig.add_subplot(1, 1, 1)
    draw_sweep(ax, rows, key, swept, args.label, (("coulomb", "o", "C0"), ("ccp", "s", "C3")))
    for k, also in enumerate(args.also):
        path, _, label = also.partition("=")
        more = [r for r in read_csv(path) if r.get("swept", "mu") == swept]
        draw_sweep(ax, more, key, swept, label or path, (("coulomb", "^v<>"[k % 4], "C%d" % (k + 1)),))
    n = rows[0]["bodies"] if rows else "?"
    if swept == "rolling":
        top = max([float(r[key]) for r in rows] + [0.1])
        mus = sorted({r["mu"] for r in rows})
        ax.set_xlabel("rolling resistance coefficient (body-body; mu = %s)" % ", ".join(mus))
        ax.set_xlim(-0.05 * top, 1.05 * top)
        radius = sphere_radius(os.path.join(args.runs, prefix + views[0])) if have_views else None
        ax.set_title("%s spheres%s, column collapse on a rough floor"
                     % (n, " (radius %g)" % radius if radius else ""), fontsize=9)
    else:
        ax.plot([0, 1], [0, 45], color="0.7", lw=0.8, ls="--")
        ax.text(0.55, 26, "atan(mu)", color="0.5", fontsize=8)
        ax.set_xlabel("friction coefficient mu (body-body; floor mu = 1)")
        ax.set_xlim(-0.05, 1.05)
        ax.set_title("%s oblate ellipsoids (0.6, 0.6, 0.2), column collapse on a rough floor" % n, fontsize=9)
    ax.set_ylabel("angle of repose (degrees)")
    ax.set_ylim(0, None)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left" if swept == "mu" else "lower right")
    if have_views:
        dirs = [os.path.join(args.runs, prefix + v) for v in views]
        extent = (9.0, 4.5) if swept == "mu" else view_extent(dirs)
        label = "mu = " if swept == "mu" else "rolling = "
        for k, (v, d) in enumerate(zip(views, dirs)):
            sub = fig.add_subplot(2, 2, 2 + 2 * k)
            side_view(sub, d, label + v + (", " + args.view_label if args.view_label else ""), extent)
    fig.tight_layout()
    fig.savefig(args.out, dpi=130)
    print("wrote %s" % os.path.normpath(args.out))


if __name__ == "__main__":
    main()
