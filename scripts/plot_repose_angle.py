#!/usr/bin/python3
"""Figure of the angle-of-repose sweep (docs/data/repose/README.md): docs/figures/repose_angle.png.

Left: the flank angle (with its spread over 8 azimuthal sectors) and the cone angle
atan(height / r95) against mu, from the CSV of scripts/bench_repose_angle.sh. Right: side views
(bodies projected on the x-z plane, as their ellipses) of two final heaps, low and high mu, with
the fitted flank line; they need the runs' directories (--runs OUT, holding <model>_mu<mu>/).

    /usr/bin/python3 scripts/plot_repose_angle.py docs/data/repose/angles.csv --runs out/repose
"""

import argparse
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


def side_view(ax, run_dir, title):
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
    ax.set_xlim(-9, 9)
    ax.set_ylim(-0.3, 4.5)
    ax.set_title("%s: flank %.0f deg, cone %.0f deg" % (title, m["angle_deg"], m["cone_angle_deg"]),
                 fontsize=9)
    ax.set_xlabel("x - x_c")
    ax.set_ylabel("z")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", help="angles.csv of scripts/bench_repose_angle.sh")
    parser.add_argument("--runs", help="the runs' directory (OUT of the bench), for the side views")
    parser.add_argument("--views", default="0.1,0.8", help="the two mu of the side views (0.1,0.8)")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                      "..", "docs", "figures", "repose_angle.png"))
    args = parser.parse_args()
    rows = read_csv(args.csv)

    views = args.views.split(",")
    have_views = args.runs and all(os.path.isdir(os.path.join(args.runs, "coulomb_mu" + v)) for v in views)
    fig = plt.figure(figsize=(12, 5.2) if have_views else (6, 4.5))
    ax = fig.add_subplot(1, 2, 1) if have_views else fig.add_subplot(1, 1, 1)
    for model, marker, colour in (("coulomb", "o", "C0"), ("ccp", "s", "C3")):
        sel = [r for r in rows if r["model"] == model]
        if not sel:
            continue
        sel.sort(key=lambda r: float(r["mu"]))
        mu = np.array([float(r["mu"]) for r in sel]) + (0.015 if model == "ccp" else 0.0)
        ang = np.array([float(r["angle_deg"]) for r in sel])
        err = np.array([float(r["angle_sector_std_deg"]) for r in sel])
        cone = np.array([float(r["cone_angle_deg"]) for r in sel])
        ax.errorbar(mu, ang, yerr=np.nan_to_num(err), marker=marker, color=colour, capsize=3,
                    ls="-" if model == "coulomb" else "none",
                    label="flank fit, %s (bars: sector spread)" % model)
        ax.plot(mu, cone, marker=marker, mfc="none", color=colour, ls=":" if model == "coulomb" else "none",
                label="atan(height / r95), %s" % model)
    ax.plot([0, 1], [0, 45], color="0.7", lw=0.8, ls="--")
    ax.text(0.55, 26, "atan(mu)", color="0.5", fontsize=8)
    ax.set_xlabel("friction coefficient mu (body-body; floor mu = 1)")
    ax.set_ylabel("angle of repose (degrees)")
    ax.set_xlim(-0.05, 1.05)
    ax.set_ylim(0, None)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    n = rows[0]["bodies"] if rows else "?"
    ax.set_title("%s oblate ellipsoids (0.6, 0.6, 0.2), column collapse on a rough floor" % n, fontsize=9)
    if have_views:
        for k, v in enumerate(views):
            sub = fig.add_subplot(2, 2, 2 + 2 * k)
            side_view(sub, os.path.join(args.runs, "coulomb_mu" + v), "mu = " + v)
    fig.tight_layout()
    fig.savefig(args.out, dpi=130)
    print("wrote %s" % os.path.normpath(args.out))


if __name__ == "__main__":
    main()
