#!/usr/bin/python3
"""The angle of repose of a heap in one relcp_sim run's DIR (DIR/relcp.h5, last snapshot).

Method (docs/data/repose/README.md):
  1. the top of every body: its centre's z plus its vertical half-extent (exact for spheres,
     ellipsoids and spherocylinders from the orientation);
  2. the heap's axis: the horizontal centroid of the bodies; r: the horizontal distance to it;
  3. the surface h(r): the plane is cut into SECTORS azimuthal sectors and radial bins of width
     BIN; the surface height of a cell is its highest body top, and h(r) is the median over
     the sectors (a body lying alone on a flank, or one sector's bump, does not count; near
     the axis, where a cell is smaller than a body, neighbouring sectors are merged);
  4. the flank: the bins outward of the peak of h whose height lies between LOW and HIGH times
     the peak height (above the floor), e.g. 0.2 ... 0.8: neither the rounded top nor the
     one-layer foot; the angle is atan of minus the least-squares slope of h(r) there, and its
     spread is the standard deviation of the same fit done in each sector alone. A flat layer
     has no such flank (fewer than 3 bins, its highest bin near the rim): then the fit takes
     the whole profile out to the last occupied bin (angle about 0, or slightly negative);
  5. also the cone angle atan(H / R95), H the peak of h, R95 the radius holding 95 % of the
     bodies, a flatter but fit-free figure.
The heap must be at rest: the script prints the largest body speed |v| + |omega| r_bound of the
snapshot (and of the one before) and its 90th percentile over the bodies (a few bodies that
left the heap may roll on along the floor: rolling without slip dissipates nothing), to compare
with the heap's scale (sqrt(g d) ~ 3 here).

    /usr/bin/python3 scripts/measure_repose_angle.py out/pile            # one line
    /usr/bin/python3 scripts/measure_repose_angle.py out/pile --profile  # plus h(r)
    /usr/bin/python3 scripts/measure_repose_angle.py out/pile --csv      # comma-separated
"""

import argparse
import math
import sys

import numpy as np

try:
    import h5py
except ImportError as missing:
    sys.exit("measure_repose_angle.py: %s (Debian's python is /usr/bin/python3)" % missing)


def rotation_matrices(q):
    """N x 3 x 3 rotation matrices (body -> lab) of unit quaternions [w, x, y, z]."""
    q = q / np.linalg.norm(q, axis=1)[:, None]
    w, x, y, z = q.T
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], axis=1),
        np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], axis=1),
        np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=1),
    ], axis=1)


def vertical_half_extent(shape, params, orientation):
    """Half the vertical extent of each body: max over the body of (p - c) . e_z."""
    rot = rotation_matrices(orientation)
    ez_body = rot[:, 2, :]  # e_z in body coordinates: the third row of R (body -> lab)
    out = np.zeros(len(shape))
    for i, (s, p, e) in enumerate(zip(shape, params, ez_body)):
        if s == 0:      # sphere
            out[i] = p[0]
        elif s == 1:    # ellipsoid: sqrt(sum (a_k e_k)^2)
            out[i] = math.sqrt(float(np.sum((p[:3] * e) ** 2)))
        elif s == 2:    # spherocylinder: radius + half the segment's vertical extent
            out[i] = p[0] + 0.5 * p[1] * abs(e[2])
        else:           # torus: its bounding sphere (not expected in a heap)
            out[i] = p[0] + p[1]
    return out


def bounding_radius(shape, params):
    return np.where(shape == 0, params[:, 0],
           np.where(shape == 1, params[:, :3].max(axis=1),
           np.where(shape == 2, params[:, 0] + 0.5 * params[:, 1], params[:, 0] + params[:, 1])))


def load(run_dir, back=0):
    with h5py.File(run_dir.rstrip("/") + "/relcp.h5", "r") as f:
        names = sorted(f["snapshots"].keys(), key=int)
        g = f["snapshots"][names[-1 - back]]
        data = {k: g[k][:] for k in ("position", "orientation", "shape", "shape_params",
                                     "velocity", "angular_velocity")}
        data["step"] = int(names[-1 - back])
        data["time"] = float(g.attrs["time"]) if "time" in g.attrs else float("nan")
        data["snapshots"] = len(names)
    return data


def speeds(d):
    """|v| + |omega| r_bound of every body: the fastest speed of a point of it."""
    rb = bounding_radius(d["shape"], d["shape_params"])
    return np.linalg.norm(d["velocity"], axis=1) + np.linalg.norm(d["angular_velocity"], axis=1) * rb


def max_speed(d):
    return float(speeds(d).max())


def surface(d, bin_width, sectors):
    pos = d["position"]
    top = pos[:, 2] + vertical_half_extent(d["shape"], d["shape_params"], d["orientation"])
    centre = pos[:, :2].mean(axis=0)
    rel = pos[:, :2] - centre
    r = np.hypot(rel[:, 0], rel[:, 1])
    phi = np.mod(np.arctan2(rel[:, 1], rel[:, 0]), 2 * math.pi)
    nbins = int(math.ceil(r.max() / bin_width)) + 1
    cells = np.zeros((sectors, nbins))  # empty cell: height 0 (the floor)
    ib = np.minimum((r / bin_width).astype(int), nbins - 1)
    isec = np.minimum((phi / (2 * math.pi) * sectors).astype(int), sectors - 1)
    for s, b, t in zip(isec, ib, top):
        cells[s, b] = max(cells[s, b], t)
    radii = (np.arange(nbins) + 0.5) * bin_width
    return radii, cells, r, top


def surface_profile(radii, cells, arc=1.0):
    """h(r): per radial bin, the median over the sectors of the cells' heights. Near the axis a
    cell is smaller than a body, so there the sectors are merged into groups of arc length at
    least `arc` (one group, the whole ring, at the centre)."""
    sectors = cells.shape[0]
    h = np.zeros(len(radii))
    for b, r in enumerate(radii):
        groups = max(1, min(sectors, int(2 * math.pi * r / arc)))
        merged = [cells[(np.arange(sectors) * groups) // sectors == g, b].max() for g in range(groups)]
        h[b] = float(np.median(merged))
    return h


def flank_fit(radii, h, low, high):
    """(slope, stderr, bins used) of h(r) between low and high x the peak, outward of it."""
    peak = int(np.argmax(h))
    H = h[peak]
    sel = [i for i in range(peak, len(h)) if low * H <= h[i] <= high * H]
    if len(sel) < 3:
        # no flank (a flat layer whose highest bin is at its rim): fit the whole profile
        # out to the last occupied bin
        sel = list(range(0, int(np.nonzero(h)[0].max()) + 1)) if h.any() else []
        if len(sel) < 3:
            return float("nan"), float("nan"), sel
    # keep the contiguous run of bins from the first selected one (the flank, not a far bump)
    run = [sel[0]]
    for i in sel[1:]:
        if i != run[-1] + 1:
            break
        run.append(i)
    sel = run if len(run) >= 3 else sel
    x, y = radii[sel], h[sel]
    A = np.vstack([x, np.ones_like(x)]).T
    coef, res, _, _ = np.linalg.lstsq(A, y, rcond=None)
    n = len(x)
    if n > 2:
        resid = y - A @ coef
        s2 = float(resid @ resid) / (n - 2)
        stderr = math.sqrt(s2 / float(((x - x.mean()) ** 2).sum()))
    else:
        stderr = float("nan")
    return float(coef[0]), stderr, sel


def measure(run_dir, bin_width=0.5, sectors=8, low=0.2, high=0.8):
    d = load(run_dir)
    speed = max_speed(d)
    try:
        prev_speed = max_speed(load(run_dir, back=1))
    except (IndexError, KeyError):
        prev_speed = float("nan")
    radii, cells, r, top = surface(d, bin_width, sectors)
    h = surface_profile(radii, cells)
    slope, stderr, sel = flank_fit(radii, h, low, high)
    angle = math.degrees(math.atan(-slope)) if not math.isnan(slope) else float("nan")
    per_sector = []
    for s in range(sectors):
        sl, _, _ = flank_fit(radii, cells[s], low, high)
        if not math.isnan(sl):
            per_sector.append(math.degrees(math.atan(-sl)))
    H = float(h.max())
    r95 = float(np.percentile(r, 95))
    return {
        "step": d["step"], "time": d["time"], "bodies": len(r),
        "angle_deg": angle,
        "angle_fit_err_deg": math.degrees(stderr / (1 + slope * slope)) if not math.isnan(stderr) else float("nan"),
        "angle_sector_std_deg": float(np.std(per_sector)) if len(per_sector) > 1 else float("nan"),
        "sectors_fitted": len(per_sector),
        "cone_angle_deg": math.degrees(math.atan(H / r95)),
        "height": H, "r95": r95, "flank_bins": "%g-%g" % (radii[sel[0]], radii[sel[-1]]) if sel else "",
        "max_speed": speed, "prev_max_speed": prev_speed,
        "p90_speed": float(np.percentile(speeds(d), 90)),
        "profile": (radii, h),
    }


FIELDS = ["bodies", "step", "time", "angle_deg", "angle_fit_err_deg", "angle_sector_std_deg",
          "cone_angle_deg", "height", "r95", "flank_bins", "max_speed", "prev_max_speed", "p90_speed"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="Method: see the head of this file.")
    parser.add_argument("run_dir", nargs="+", help="relcp_sim output directories")
    parser.add_argument("--bin", type=float, default=0.5, help="radial bin width (default 0.5)")
    parser.add_argument("--sectors", type=int, default=8, help="azimuthal sectors (default 8)")
    parser.add_argument("--low", type=float, default=0.2, help="flank's lower bound / peak (0.2)")
    parser.add_argument("--high", type=float, default=0.8, help="flank's upper bound / peak (0.8)")
    parser.add_argument("--csv", action="store_true", help="comma-separated, with a header")
    parser.add_argument("--profile", action="store_true", help="also print h(r)")
    args = parser.parse_args()
    if args.csv:
        print(",".join(["run"] + FIELDS))
    for run in args.run_dir:
        m = measure(run, args.bin, args.sectors, args.low, args.high)
        if args.csv:
            print(",".join([run] + [("%.4g" % m[k]) if isinstance(m[k], float) else str(m[k])
                                    for k in FIELDS]))
        else:
            print("%s: angle %.1f deg (fit +- %.1f, sectors std %.1f over %d), cone angle %.1f deg, "
                  "height %.2f, r95 %.2f, flank r = %s, %d bodies, step %d, max speed %.3g "
                  "(previous snapshot %.3g), 90th percentile speed %.3g"
                  % (run, m["angle_deg"], m["angle_fit_err_deg"], m["angle_sector_std_deg"],
                     m["sectors_fitted"], m["cone_angle_deg"], m["height"], m["r95"],
                     m["flank_bins"], m["bodies"], m["step"], m["max_speed"], m["prev_max_speed"],
                     m["p90_speed"]))
        if args.profile:
            radii, h = m["profile"]
            print("  r:    " + " ".join("%5.2f" % x for x in radii))
            print("  h(r): " + " ".join("%5.2f" % x for x in h))


if __name__ == "__main__":
    main()
