#!/usr/bin/env python3
"""Picture of the grown colony like the ReLCP paper's Fig. 5a: the left half (cell centres with
x < SPLIT) from the multisphere-7 run and the right half (x >= SPLIT) from the ReLCP run, each
cell drawn as a filled capsule (spherocylinder seen from +z) coloured by its orientation angle
modulo pi with a cyclic colour map, equal axes (dark outlines up to --outline-below cells).

    python3 scripts/render_colony.py --left RUNS/ms7 --right RUNS/relcp [--out fig5a.png]
                                     [--time T | --last] [--split 0] [--cmap twilight]

--left / --right take a run directory (holding relcp.h5) or a relcp.h5 file. By default both
halves show the last snapshot time that both runs reached (the latest snapshot of each at or
before the earlier of the two end times), so that a run stopped early by the wall-time cap is
compared with the other run at the same time; --last takes each run's own last snapshot and
--time T the latest snapshot at or before T.

The paper rendered Fig. 5a with ParaView. ParaView is not installed on the machine these scripts
were written on, so this script draws with matplotlib from relcp.h5 (h5py) directly; where
ParaView exists, scripts/render.py draws any snapshot in 3-D from relcp.xmf (coloured by shape,
owner, speed or id, not by orientation). Datasets: docs/output.md (spherocylinder shape_params =
[radius, segment length], axis along body z).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stats_tools as st  # noqa: E402  (reports missing numpy / matplotlib / h5py)
import numpy as np  # noqa: E402

SCRIPT = "render_colony.py"


def h5_path(path):
    return os.path.join(path, "relcp.h5") if os.path.isdir(path) else path


def pick_snapshot(snapshots, time):
    """The latest snapshot at or before `time` (the first one if none is)."""
    chosen = snapshots[0]
    for item in snapshots:
        if item[2] <= time * (1 + 1e-12) + 1e-12:
            chosen = item
    return chosen


def rods(snapshot):
    """Centres (n x 2), unit axes (n x 2, projected on x-y), radii, segment half-lengths of the
    spherocylinders of a snapshot."""
    rod = snapshot["shape"] == st.SPHEROCYLINDER
    if not rod.any():
        sys.exit("%s: snapshot at step %d holds no spherocylinders" % (SCRIPT, snapshot["step"]))
    axes = st.rotation_matrices(snapshot["orientation"][rod])[:, :, 2]  # body z in the lab
    planar = np.linalg.norm(axes[:, :2], axis=1)
    direction = np.where(planar[:, None] > 1e-12, axes[:, :2] / np.maximum(planar, 1e-300)[:, None],
                         np.array([1.0, 0.0]))
    params = snapshot["shape_params"][rod]
    return (snapshot["position"][rod][:, :2], direction, params[:, 0],
            0.5 * params[:, 1] * planar)


def capsule_polygons(centre, direction, radius, half_length, points=10):
    """n x (2 points) x 2 outline vertices: a half circle around each end of the segment."""
    theta = np.arctan2(direction[:, 1], direction[:, 0])
    sweep = np.linspace(-0.5 * np.pi, 0.5 * np.pi, points)
    head = theta[:, None] + sweep[None, :]
    tail = head + np.pi
    tip = centre + half_length[:, None] * direction
    end = centre - half_length[:, None] * direction
    first = tip[:, None, :] + radius[:, None, None] * np.stack([np.cos(head), np.sin(head)], -1)
    second = end[:, None, :] + radius[:, None, None] * np.stack([np.cos(tail), np.sin(tail)], -1)
    return np.concatenate([first, second], axis=1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("--left", required=True, help="run (or relcp.h5) for x < SPLIT, the MS-7 run")
    parser.add_argument("--right", required=True, help="run (or relcp.h5) for x >= SPLIT, the ReLCP run")
    parser.add_argument("--left-label", default="LCP-MS 7")
    parser.add_argument("--right-label", default="ReLCP")
    parser.add_argument("--out", default="fig5a.png", help="PNG file (default fig5a.png)")
    when = parser.add_mutually_exclusive_group()
    when.add_argument("--time", type=float, help="latest snapshot at or before this time")
    when.add_argument("--last", action="store_true", help="each run's own last snapshot")
    parser.add_argument("--split", type=float, default=0.0, help="x of the dividing line (default 0)")
    parser.add_argument("--cmap", default="twilight", help="cyclic matplotlib colour map (default twilight)")
    parser.add_argument("--size", type=float, default=8.0,
                        help="inches for the longer side of the colony (default 8)")
    parser.add_argument("--dpi", type=int, default=200)
    parser.add_argument("--outline-below", type=int, default=5000,
                        help="draw dark outlines only up to this many cells (default 5000); "
                             "above, the outlines would hide the colours")
    args = parser.parse_args()

    paths = [h5_path(args.left), h5_path(args.right)]
    for path in paths:
        if not os.path.isfile(path):
            sys.exit("%s: %s not found" % (SCRIPT, path))
    lists = [st.snapshot_list(path) for path in paths]
    for path, snapshots in zip(paths, lists):
        if not snapshots:
            sys.exit("%s: %s holds no snapshots" % (SCRIPT, path))
    if args.last:
        chosen = [snapshots[-1] for snapshots in lists]
    else:
        time = args.time if args.time is not None else min(s[-1][2] for s in lists)
        chosen = [pick_snapshot(snapshots, time) for snapshots in lists]
    if abs(chosen[0][2] - chosen[1][2]) > 1e-9 * max(1.0, chosen[0][2]):
        st.warn(SCRIPT, "the halves show different times: %s t = %g, %s t = %g"
                % (args.left_label, chosen[0][2], args.right_label, chosen[1][2]))

    plt = st.matplotlib_pyplot()
    from matplotlib.collections import PolyCollection
    from matplotlib.colors import Normalize

    norm = Normalize(0.0, np.pi)
    cmap = plt.get_cmap(args.cmap)
    halves = []  # (polygons, angles) of the left and the right half
    counts = []
    for side, (path, item) in enumerate(zip(paths, chosen)):
        snapshot = st.read_snapshot(path, item[0])
        centre, direction, radius, half_length = rods(snapshot)
        keep = centre[:, 0] < args.split if side == 0 else centre[:, 0] >= args.split
        counts.append((int(keep.sum()), len(centre)))
        angle = np.mod(np.arctan2(direction[keep, 1], direction[keep, 0]), np.pi)
        halves.append((capsule_polygons(centre[keep], direction[keep], radius[keep],
                                        half_length[keep]), angle))
    extent = np.concatenate([polygons.reshape(-1, 2) for polygons, _ in halves])
    if len(extent) == 0:
        sys.exit("%s: no cells to draw" % SCRIPT)
    low, high = extent.min(axis=0), extent.max(axis=0)
    low[0], high[0] = min(low[0], args.split), max(high[0], args.split)
    pad = 0.03 * max(high - low)
    low, high = low - pad, high + pad
    span = high - low
    inches = args.size / max(span)  # the longer side of the colony gets SIZE inches
    fig, ax = plt.subplots(figsize=(max(span[0] * inches, 3.0) + 2.0, span[1] * inches + 1.2))
    outline = sum(len(polygons) for polygons, _ in halves) <= args.outline_below
    for polygons, angle in halves:
        ax.add_collection(PolyCollection(polygons, array=angle, cmap=cmap, norm=norm,
                                         edgecolors="0.15" if outline else "face",
                                         linewidths=0.15 if outline else 0.0))
    ax.set_xlim(low[0], high[0])
    ax.set_ylim(low[1], high[1])
    ax.set_aspect("equal")
    ax.axvline(args.split, color="black", lw=0.8, ls="--")
    ax.set_title("left (x < %g): %s, t = %.4g, %d of %d cells\n"
                 "right (x >= %g): %s, t = %.4g, %d of %d cells" % (args.split, args.left_label, chosen[0][2], counts[0][0], counts[0][1],
                    args.split, args.right_label, chosen[1][2], counts[1][0], counts[1][1]),
                 fontsize=9)
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    bar = fig.colorbar(plt.cm.ScalarMappable(norm=norm, cmap=cmap), ax=ax, shrink=0.8,
                       ticks=[0, np.pi / 4, np.pi / 2, 3 * np.pi / 4, np.pi])
    bar.ax.set_yticklabels(["0", "pi/4", "pi/2", "3pi/4", "pi"])
    bar.set_label("orientation angle mod pi")
    fig.tight_layout()
    if os.path.dirname(os.path.abspath(args.out)):
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    fig.savefig(args.out, dpi=args.dpi)
    plt.close(fig)
    print("%s: wrote %s (%s step %d, %s step %d)" % (SCRIPT, args.out, args.left_label, chosen[0][1],
                                                     args.right_label, chosen[1][1]))


if __name__ == "__main__":
    main()
