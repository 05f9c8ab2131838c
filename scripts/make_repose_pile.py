#!/usr/bin/python3
"""Prepare the angle-of-repose columns of configs/pile.yaml and configs/sphere_pile.yaml.

The heaps of configs/pile.yaml (docs/data/repose/README.md) and configs/sphere_pile.yaml
(docs/data/repose_spheres/README.md) are granular column collapses: a dense column of bodies,
built once, is released on a rough floor and slumps into a heap whose flank angle depends on the
friction coefficient mu (lentils) or on the rolling resistance (spheres). This script builds such
a column in two steps:

  fill    write the filling scenario: N bodies, randomly placed (and oriented) in a tall box,
          fall into a frictionless-walled octagonal tube (apothem 3.5) onto a floor, with
          mu = 0.3 between bodies and on the floor. --shape picks the bodies:
            lentil  (the default) oblate ellipsoids, radii (0.6, 0.6, 0.2). Lentils do not roll
                    once they lie flat; without rolling resistance spheres, prolate ellipsoids
                    (about their long axis) and even triaxial (0.3, 0.45, 0.6) ones roll, and
                    rolling without slip dissipates nothing: their heaps spread flat at any mu;
            sphere  spheres of --radius (default 0.4), filled with rolling resistance
                    (collision.rolling_friction 0.2 between bodies and on the floor, none on the
                    tube) so that they settle. They start clear of the floor and of the tube
                    (centres in |x|, |y| <= 2.1 for radius 0.4, z >= radius + 0.02). The
                    lentils' box (|x|, |y| <= 2.4, z >= 0, centres only) is kept as it was for
                    configs/pile.yaml: the lentils that start cutting the floor or, in the box's
                    corners, the diagonal walls are pushed out in the first step, at up to
                    (overlap / dt) ~ 200, and fly about the tube or off above it;
  column  write the heap scenario from the filling run's last snapshot: the lowest COUNT bodies
          of the settled column as an explicit `bodies:` list (at rest), the floor only (the
          tube removed), gravity, and collision.friction / friction_model for the sweep. The
          header describes the heap and its sweep, from the bodies' shape:
            lentils (default COUNT 300): floor friction 1, mu = 0.5, a sweep of mu;
            spheres (default COUNT 350): floor friction 1 and floor rolling_friction 0.3,
                    mu = 0.5 and rolling_friction 0.1 between bodies, a sweep of the rolling
                    coefficient at mu = 0.5.

    /usr/bin/python3 scripts/make_repose_pile.py fill --out out/repose/fill.yaml
    mpirun -np 2 build/bin/relcp_sim out/repose/fill.yaml --output out/repose/fill --quiet
    /usr/bin/python3 scripts/make_repose_pile.py column out/repose/fill/relcp.h5 --out configs/pile.yaml

    /usr/bin/python3 scripts/make_repose_pile.py fill --shape sphere --radius 0.4 --out out/repose_spheres/fill.yaml
    mpirun -np 2 build/bin/relcp_sim out/repose_spheres/fill.yaml --output out/repose_spheres/fill --quiet
    /usr/bin/python3 scripts/make_repose_pile.py column out/repose_spheres/fill/relcp.h5 --out configs/sphere_pile.yaml

scripts/bench_repose_angle.sh --prepare (with --config configs/sphere_pile.yaml for the
spheres) runs these three steps. Needs python3-h5py.
"""

import argparse
import math
import sys

RADII = (0.6, 0.6, 0.2)   # the lentils
SPHERE_RADIUS = 0.4       # the spheres' default radius
APOTHEM = 3.5             # the tube's octagon, centred on the z axis
FILL_FRICTION = 0.3       # between bodies and on the floor while filling; the tube is frictionless
FILL_ROLLING = 0.2        # spheres only: rolling resistance between bodies and on the floor while filling
FLOOR_FRICTION = 1.0      # the heap's floor: rough, the same for every coefficient of the sweep
FLOOR_ROLLING = 0.3       # spheres only: the heap floor's rolling resistance, the same for every run
SPHERE_FRICTION = 0.5     # spheres: mu between bodies, fixed during the rolling sweep
SPHERE_ROLLING = 0.1      # spheres: the default collision.rolling_friction of configs/sphere_pile.yaml
COUNT = {"lentil": 300, "sphere": 350}  # column's default: the COUNT lowest bodies

SHAPES = {0: "sphere", 1: "ellipsoid", 2: "spherocylinder", 3: "torus"}


def vec(values, fmt="%.6g"):
    return "[" + ", ".join(fmt % (0.0 if abs(v) < 1e-12 else v) for v in values) + "]"


def fill_scenario(count, seed, height, shape="lentil", radius=SPHERE_RADIUS):
    # The random generator's box must lie inside the octagon: |x|, |y| <= apothem / sqrt(2).
    # Lentils: only their centres are (kept as it was, for configs/pile.yaml). Spheres: the whole
    # sphere, |x| + |y| <= (apothem - radius - 0.02) sqrt(2), and its bottom above the floor.
    half = math.floor(APOTHEM / math.sqrt(2.0) * 10.0) / 10.0
    if shape == "sphere":
        half = math.floor((APOTHEM - radius - 0.02) / math.sqrt(2.0) * 10.0) / 10.0
    walls = ["  - {point: [0, 0, 0], normal: [0, 0, 1]}"]
    # spheres: the tube's walls are frictionless, without rolling resistance either (a wall
    # without the key would take collision.rolling_friction)
    tube = ", rolling_friction: 0" if shape == "sphere" else ""
    for k in range(8):
        t = k * math.pi / 4.0
        c, s = math.cos(t), math.sin(t)
        walls.append("  - {point: %s, normal: %s, friction: 0%s}"
                     % (vec((APOTHEM * c, APOTHEM * s, 0.0)), vec((-c, -s, 0.0)), tube))
    if shape == "sphere":
        return """# Filling run of the sphere angle-of-repose column (scripts/make_repose_pile.py fill --shape sphere;
# docs/data/repose_spheres): %d spheres of radius %g fall into an octagonal tube (apothem %g) and
# settle on the floor, with rolling resistance %g between bodies and on the floor.
simulation:
  dt: 0.002
  end_time: 5.0
  seed: %d
  output: {directory: out/repose_spheres/fill, snapshot_every: 250, checkpoint_every: 0}
dynamics: {type: inertial, density: 1.0}
generators:
  - {type: random, count: %d, region: {lower: [%g, %g, %g], upper: [%g, %g, %g]},
     body: {shape: sphere, radius: %g}, min_gap: 0.02}
forces:
  - {type: gravity, acceleration: [0, 0, -9.81]}
walls:
%s
collision:
  strategy: relcp
  solver: auto
  tolerance: 1.0e-4
  friction: %g
  rolling_friction: %g
  friction_model: coulomb
""" % (count, radius, APOTHEM, FILL_ROLLING, seed, count, -half, -half, radius + 0.02, half, half,
           height, radius, "\n".join(walls), FILL_FRICTION, FILL_ROLLING)
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


def column_shape(rows):
    """'sphere' when every body of the filling run is a sphere, else 'lentil' (the default)."""
    return "sphere" if rows and all(SHAPES[r[0]] == "sphere" for r in rows) else "lentil"


def sphere_column_scenario(rows, step, time, top):
    radii = sorted({float("%.6g" % r[1][0]) for r in rows})
    radius = ", ".join("%g" % r for r in radii)
    lines = [body_line(*r) for r in rows]
    return """# The angle of repose against the rolling resistance: a column of %d spheres (radius %s), settled
# in an octagonal tube of apothem %g (top centre at z = %.2f), is released at rest on a rough
# floor (friction %g, rolling_friction %g) and collapses into a heap whose flank angle grows with
# the rolling coefficient between bodies, collision.rolling_friction (the rolling torque of a
# contact is at most rolling_friction R_eff f_n; docs/friction.md), at a fixed mu = %g between
# bodies (docs/data/repose_spheres/README.md). Without rolling resistance spheres roll on and
# spread into a layer. Sweep the rolling coefficient and measure the angle:
#   scripts/bench_repose_angle.sh --config configs/sphere_pile.yaml --rolling "0 0.02 0.05 0.1 0.2 0.4" \\
#     --out out/repose_spheres --plot     # table, docs/figures/sphere_repose_angle.png
#   mpirun -np 2 build/bin/relcp_sim configs/sphere_pile.yaml --set collision.rolling_friction=0.2 --output out/sphere_pile
#   /usr/bin/python3 scripts/measure_repose_angle.py out/sphere_pile
# The bodies are the lowest of the last snapshot (step %d, t = %g) of the filling run written by
# scripts/make_repose_pile.py (fill --shape sphere, then column;
# scripts/bench_repose_angle.sh --config configs/sphere_pile.yaml --prepare).
simulation:
  dt: 0.002
  end_time: 3.0
  seed: 1
  output: {directory: out/sphere_pile, snapshot_every: 250, checkpoint_every: 0}
dynamics: {type: inertial, density: 1.0}
forces:
  - {type: gravity, acceleration: [0, 0, -9.81]}
walls:
  - {point: [0, 0, 0], normal: [0, 0, 1], friction: %g, rolling_friction: %g}
collision:
  strategy: relcp
  solver: auto
  tolerance: 1.0e-4
  friction: %g
  rolling_friction: %g
  friction_model: coulomb
bodies:
%s
""" % (len(rows), radius, APOTHEM, top, FLOOR_FRICTION, FLOOR_ROLLING, SPHERE_FRICTION, step, time,
       FLOOR_FRICTION, FLOOR_ROLLING, SPHERE_FRICTION, SPHERE_ROLLING, "\n".join(lines))


def column_scenario(h5_path, count):
    rows, step, time = last_snapshot(h5_path)
    shape = column_shape(rows)
    if count is None:
        count = COUNT[shape]
    if count > 0:  # the `count` lowest bodies: a shorter column of the same packing
        rows = sorted(sorted(rows, key=lambda r: r[2][2])[:count], key=lambda r: r[2][2])
    top = max(r[2][2] for r in rows)
    if shape == "sphere":
        return sphere_column_scenario(rows, step, time, top)
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
    fill.add_argument("--shape", choices=("lentil", "sphere"), default="lentil",
                      help="lentil: oblate ellipsoids (0.6, 0.6, 0.2) (default); sphere: spheres of "
                           "--radius, filled with rolling_friction %g" % FILL_ROLLING)
    fill.add_argument("--radius", type=float, default=SPHERE_RADIUS,
                      help="the spheres' radius (--shape sphere; default %g)" % SPHERE_RADIUS)
    fill.add_argument("--count", type=int, default=400, help="bodies (default 400)")
    fill.add_argument("--seed", type=int, default=1)
    fill.add_argument("--height", type=float, default=44.0,
                      help="top of the random box the bodies start in (default 44)")
    fill.add_argument("--out", required=True)
    column = sub.add_parser("column", help="write the heap scenario from the filling run "
                                           "(lentils or spheres, from its bodies)")
    column.add_argument("snapshots", help="relcp.h5 of the filling run")
    column.add_argument("--count", type=int, default=None,
                        help="keep the COUNT lowest bodies (default 300 lentils, 350 spheres; all: 0)")
    column.add_argument("--out", required=True)
    args = parser.parse_args()
    if args.command == "fill" and args.shape == "sphere" and not args.radius > 0:
        parser.error("--radius must be positive")
    text = (fill_scenario(args.count, args.seed, args.height, args.shape, args.radius)
            if args.command == "fill" else column_scenario(args.snapshots, args.count))
    with open(args.out, "w") as f:
        f.write(text)
    print("wrote %s" % args.out)


if __name__ == "__main__":
    main()
