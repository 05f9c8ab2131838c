#!/usr/bin/python3
"""Write a relcp_sim scenario that starts from a snapshot of an earlier run.

The bodies of one snapshot of RUN/relcp.h5 (docs/output.md) become the explicit `bodies:` list of
a copy of BASE.yaml; BASE's `generators:` are dropped, every other section is kept. Use it to
continue a run with another dt or collision strategy, which --restart does not allow (a
checkpoint carries its dt and scenario), e.g. to compare strategies on the same packed state:

    /usr/bin/python3 scripts/scenario_from_snapshot.py configs/compaction_medium.yaml \\
        out/compaction_medium/relcp.h5 --out packed.yaml
    build/bin/relcp_sim packed.yaml --set simulation.steps=100 \\
        --set collision.strategy=multisphere --set collision.multisphere_count=13

Velocities are not carried over (overdamped runs do not need them; an inertial run starts at
rest). Needs Debian's python3-h5py and python3-yaml.
"""

import argparse
import sys

try:
    import h5py
    import yaml
except ImportError as missing:
    sys.exit("scenario_from_snapshot.py: %s (apt-get install -y python3-h5py python3-yaml; "
             "Debian's python is /usr/bin/python3)" % missing)

SHAPES = {0: "sphere", 1: "ellipsoid", 2: "spherocylinder", 3: "torus"}


def body_entry(shape_code, params, position, orientation):
    shape = SHAPES.get(int(shape_code))
    if shape is None:
        raise ValueError("unknown shape code %d" % shape_code)
    entry = {"shape": shape}
    if shape == "sphere":
        entry["radius"] = float(params[0])
    elif shape == "ellipsoid":
        entry["radii"] = [float(v) for v in params[:3]]
    elif shape == "spherocylinder":
        entry["radius"], entry["length"] = float(params[0]), float(params[1])
    else:
        entry["major_radius"], entry["minor_radius"] = float(params[0]), float(params[1])
    entry["position"] = [float(v) for v in position]
    entry["orientation"] = [float(v) for v in orientation]
    return entry


def snapshot_bodies(h5_path, step):
    with h5py.File(h5_path, "r") as f:
        names = sorted(f["snapshots"].keys())
        if not names:
            raise ValueError("%s holds no snapshots" % h5_path)
        name = names[-1] if step is None else "%08d" % step
        if name not in f["snapshots"]:
            raise ValueError("%s has no snapshot of step %s (it has %s ... %s)"
                             % (h5_path, step, names[0], names[-1]))
        group = f["snapshots"][name]
        order = group["id"][:].argsort()  # rows are grouped by owner rank; ids keep them stable
        bodies = [body_entry(group["shape"][i], group["shape_params"][i],
                             group["position"][i], group["orientation"][i]) for i in order]
        return bodies, int(group.attrs["step"]), float(group.attrs["time"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the scenario to copy (its generators are dropped)")
    parser.add_argument("snapshots", help="relcp.h5 of the earlier run")
    parser.add_argument("--step", type=int, help="the snapshot's step (default: the last)")
    parser.add_argument("--out", required=True, help="the scenario file to write")
    args = parser.parse_args()

    try:
        with open(args.base) as f:
            scenario = yaml.safe_load(f)
        bodies, step, time = snapshot_bodies(args.snapshots, args.step)
    except (OSError, ValueError, KeyError, yaml.YAMLError) as error:
        sys.exit("scenario_from_snapshot.py: %s" % error)
    if not isinstance(scenario, dict):
        sys.exit("scenario_from_snapshot.py: %s: not a scenario (a YAML mapping)" % args.base)
    scenario.pop("generators", None)
    scenario["bodies"] = bodies
    header = ("# %d bodies of %s at step %d (t = %.10g), on the settings of %s\n"
              "# (written by scripts/scenario_from_snapshot.py)\n"
              % (len(bodies), args.snapshots, step, time, args.base))
    with open(args.out, "w") as f:
        f.write(header)
        yaml.safe_dump(scenario, f, default_flow_style=None, sort_keys=False, width=100)
    print("wrote %s: %d bodies from step %d" % (args.out, len(bodies), step))


if __name__ == "__main__":
    main()
