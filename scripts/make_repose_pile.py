#!/usr/bin/python3
"""Prepare the angle-of-repose column of configs/pile.yaml (docs/data/repose/README.md).

The heap of configs/pile.yaml is a granular column collapse: a dense column of ellipsoids,
built once, is released on a rough floor and slumps into a heap whose flank angle depends on the
friction coefficient. This script builds that column in two steps:

  fill    write the filling scenario: N oblate ellipsoids, "lentils" (radii 0.6, 0.6, 0.2),
          randomly placed and oriented in a tall box, fall into a frictionless-walled octagonal
          tube (apothem 3.5) onto a floor, with mu = 0.3 between bodies and on the floor.
          Lentils do not roll once they lie flat; spheres, prolate ellipsoids (about their long
          axis) and even triaxial (0.3, 0.45, 0.6) ones roll, and rolling without slip
          dissipates nothing in this rigid-body model: their heaps spread flat at any mu;
  column  write configs/pile.yaml from the filling run's last snapshot: the lowest 300 bodies
          of the settled column as an explicit `bodies:` list (at rest), the floor only (the
          tube removed), gravity, and collision.friction / friction_model for the sweep.

    /usr/bin/python3 scripts/make_repose_pile.py fill --out out/repose/fill.yaml
    mpirun -np 2 build/bin/relcp_sim out/repose/fill.yaml --output out/repose/fill --quiet
    /usr/bin/python3 scripts/make_repose_pile.py column out/repose/fill/relcp.h5 --out configs/pile.yaml

scripts/bench_repose_angle.sh --prepare runs these three steps. Needs python3-h5py.
"""

import argparse
import math
import sys

RADII = (0.6, 0.6, 0.2)
APOTHEM = 3.5          # the tube's octagon, centred on the z axis
FILL_FRICTION = 0.3    # between bodies and on the floor while filling; the tube is frictionless
FLOOR_FRICTION = 1.0   # the heap's floor: rough, the same for every mu of the sweep

SHAPES = {0: "sphere", 1: "ellipsoid", 2: "spherocylinder", 3: "torus"}


def vec(values, fmt="%.6g"):
    return "[" + ", ".join(fmt % (0.0 if abs(v) < 1e-12 else v) for v in values) + "]"


def fill_scenario(count, seed, height):
    # The random generator's box must lie inside the octagon: |x|, |y| <= apothem / sqrt(2).
    half = math.floor(APOTHEM / math.sqrt(2.0) * 10.0) / 10.0
    walls = ["  - {point: [0, 0, 0], normal: [0, 0, 1]}"]
    for k in range(8):
        t = k * math.pi / 4.0
        c, s = math.cos(t), math.sin(t)
        walls.append("  - {point: %s, normal: %s, friction: 0}"
                     % (vec((APOTHEM * c, APOTHEM * s, 0.0)), vec((-c, -s, 0.0))))
    return """# Filling run of the angle-of-repose column (scripts/make_repose_pile.py fill; docs/data/repose):
# %d ellipsoids fall into an octagonal tube (apothem %g) and settle on the floor.
simulation:
  dt: 0.002
  end_time: 5.0
  seed: %d
  output: {directory: out/repose/fill, snapshot_every: 250, checkpoint_every: 0}
dynamics: {type: inertial, density: 1.0}
generators:
  - {type: random, count: %d, region: {lower: [%g, %g, 0], upper: [%g, %g, %g]},
     body: {shape: ellipsoid, radii: %s}, min_gap: 0.02}
forces:
  - {type: gravity, acceleration: [0, 0, -9.81]}
walls:
%s
collision:
  strategy: relcp
  solver: auto
  tolerance: 1.0e-4
  friction: %g
  friction_model: coulomb
""" % (count, APOTHEM, seed, count, -half, -half, half, half, height, vec(RADII),
       "\n".join(walls), FILL_FRICTION)


def last_snapshot(h5_path):
    import h5py
    with h5py.File(h5_path, "r") as f:
        names = sorted(f["snapshots"].keys(), key=int)
        group = f["snapshots"][names[-1]]
        order = group["id"][:].argsort()
        rows = [(int(group["shape"][i]), group["shape_params"][i], group["position"][i],
                 group["orientation"][i]) for i in order]
        return rows, int(group.attrs["step"]), float(group.attrs["time"])


def body_line(shape, params, position, orientation):
    name = SHAPES[shape]
    if name == "sphere":
        size = "radius: %.6g" % params[0]
    elif name == "ellipsoid":
        size = "radii: %s" % vec(params[:3])
    elif name == "spherocylinder":
        size = "radius: %.6g, length: %.6g" % (params[0], params[1])
    else:
        sys.exit("make_repose_pile.py: tori are not expected in the column")
    return ("  - {shape: %s, %s, position: %s, orientation: %s}"
            % (name, size, vec(position, "%.7f"), vec(orientation, "%.8f")))


def column_scenario(h5_path, count):
    rows, step, time = last_snapshot(h5_path)
    if count is not None:  # the `count` lowest bodies: a shorter column of the same packing
        rows = sorted(sorted(rows, key=lambda r: r[2][2])[:count], key=lambda r: r[2][2])
    top = max(r[2][2] for r in rows)
    lines = [body_line(*r) for r in rows]
    return """# The angle of repose against mu: a column of %d oblate ellipsoids (radii %s), settled in an
# octagonal tube of apothem %g (top centre at z = %.2f), is released at rest on a rough floor
# (floor friction %g) and collapses into a heap whose flank angle grows with the friction
# coefficient mu between bodies (docs/friction.md; docs/results.md "Angle of repose", from
# docs/data/repose/README.md). Sweep mu and measure the angle:
#   scripts/bench_repose_angle.sh --plot              # mu = 0 ... 1: table, docs/figures/repose_angle.png
#   mpirun -np 2 build/bin/relcp_sim configs/pile.yaml --set collision.friction=0.8 --output out/pile
#   /usr/bin/python3 scripts/measure_repose_angle.py out/pile
# The bodies are the lowest of the last snapshot (step %d, t = %g) of the filling run written by
# scripts/make_repose_pile.py (fill, then column; scripts/bench_repose_angle.sh --prepare).
simulation:
  dt: 0.002
  end_time: 3.0
  seed: 1
  output: {directory: out/pile, snapshot_every: 250, checkpoint_every: 0}
dynamics: {type: inertial, density: 1.0}
forces:
  - {type: gravity, acceleration: [0, 0, -9.81]}
walls:
  - {point: [0, 0, 0], normal: [0, 0, 1], friction: %g}
collision:
  strategy: relcp
  solver: auto
  tolerance: 1.0e-4
  friction: 0.5
  friction_model: coulomb
bodies:
%s
""" % (len(rows), vec(RADII), APOTHEM, top, FLOOR_FRICTION, step, time, FLOOR_FRICTION,
       "\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="See the module docstring (head of this file).")
    sub = parser.add_subparsers(dest="command", required=True)
    fill = sub.add_parser("fill", help="write the filling scenario")
    fill.add_argument("--count", type=int, default=400, help="bodies (default 400)")
    fill.add_argument("--seed", type=int, default=1)
    fill.add_argument("--height", type=float, default=44.0,
                      help="top of the random box the bodies start in (default 44)")
    fill.add_argument("--out", required=True)
    column = sub.add_parser("column", help="write the heap scenario from the filling run")
    column.add_argument("snapshots", help="relcp.h5 of the filling run")
    column.add_argument("--count", type=int, default=300,
                        help="keep the COUNT lowest bodies (default 300; all: 0)")
    column.add_argument("--out", required=True)
    args = parser.parse_args()
    text = (fill_scenario(args.count, args.seed, args.height) if args.command == "fill"
            else column_scenario(args.snapshots, args.count or None))
    with open(args.out, "w") as f:
        f.write(text)
    print("wrote %s" % args.out)


if __name__ == "__main__":
    main()
