#!/usr/bin/env python3
"""Writes a relcp scenario of nx x ny x nz unit-diameter spheres stacked on a floor under gravity
(docs/results.md, "Friction: step cost"). Layers are square lattices of pitch 1 + gap, each one
shifted by half a pitch in x and y so that a sphere sits in the pocket of four below: the contacts
lean at 45 degrees, the network carries the weight from the first step, and without friction the
stack starts to spread.

  scripts/write_sphere_stack.py --nx 22 --ny 22 --nz 21 --friction 0.5 --out stack.yaml
"""
import argparse
import math
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nx", type=int, required=True)
    parser.add_argument("--ny", type=int, required=True)
    parser.add_argument("--nz", type=int, required=True)
    parser.add_argument("--friction", type=float, default=0.0, help="Coulomb coefficient, pairs and floor")
    parser.add_argument("--model", choices=["coulomb", "ccp"], default="coulomb")
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--gap", type=float, default=1e-6, help="between neighbouring spheres")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if min(args.nx, args.ny, args.nz) < 1 or args.friction < 0 or args.steps < 1:
        sys.exit("write_sphere_stack.py: --nx/--ny/--nz and --steps must be >= 1, --friction >= 0")
    pitch = 1.0 + args.gap
    lines = [
        "# %d x %d x %d spheres stacked on a floor (scripts/write_sphere_stack.py)" % (args.nx, args.ny, args.nz),
        "simulation: {dt: 0.001, steps: %d, output: {snapshot_every: 100000, checkpoint_every: 0}}" % args.steps,
        "dynamics: {type: inertial, density: 1.0}",
        "forces:",
        "  - {type: gravity, acceleration: [0, 0, -9.81]}",
        "walls:",
        "  - {point: [0, 0, 0], normal: [0, 0, 1]}",
        "collision: {strategy: relcp, solver: apgd, tolerance: 1.0e-7, friction: %g, friction_model: %s}"
        % (args.friction, args.model),
        "bodies:",
    ]
    for k in range(args.nz):
        for j in range(args.ny):
            for i in range(args.nx):
                shift = 0.5 * (k % 2)
                lines.append("  - {shape: sphere, radius: 0.5, position: [%.9f, %.9f, %.9f]}"
                             % ((i + shift) * pitch, (j + shift) * pitch,
                                0.5 + args.gap + k * pitch * math.sqrt(0.5)))
    with open(args.out, "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
