#!/usr/bin/env python3
"""A picture of one snapshot of a relcp_sim run, with matplotlib alone (no ParaView): every body
drawn in its own shape, size and orientation (spheres, ellipsoids, spherocylinders, tori),
coloured by speed, force, shape or owner rank, optionally with the contact network.

    /usr/bin/python3 scripts/plot_snapshot.py out/default/relcp.h5            # last snapshot
    /usr/bin/python3 scripts/plot_snapshot.py RUN/relcp.h5 --step 100 --color force --contacts
    /usr/bin/python3 scripts/plot_snapshot.py RUN/relcp.h5 --view top --out colony.png

Writes RUN/snapshot_NNNNNNNN.png unless --out says otherwise, and prints the path. The file
format is docs/output.md; scripts/render.py draws the same with ParaView.
"""
import argparse
import os
import sys

import numpy as np

try:
    import h5py
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import cm, colors
    from mpl_toolkits.mplot3d.art3d import Line3DCollection, Poly3DCollection
except ImportError as error:  # setup.sh installs python3-h5py and python3-matplotlib
    sys.exit(f"plot_snapshot: {error.name} is missing: run ./scripts/setup.sh (or apt-get install python3-{error.name})")

SPHERE, ELLIPSOID, SPHEROCYLINDER, TORUS = 0, 1, 2, 3
SHAPE_NAMES = {SPHERE: "spheres", ELLIPSOID: "ellipsoids", SPHEROCYLINDER: "spherocylinders", TORUS: "tori"}


def fail(message):
    print(f"plot_snapshot: {message}", file=sys.stderr)
    sys.exit(2)


def rotation(quaternion):
    """Rotation matrix of a unit quaternion (w, x, y, z), body -> lab."""
    w, x, y, z = quaternion / np.linalg.norm(quaternion)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def body_grid(shape, params, resolution):
    """Surface points in the body frame as (u, v, 3) grids of a closed parametric surface."""
    u = np.linspace(0.0, 2.0 * np.pi, 2 * resolution + 1)
    v = np.linspace(0.0, np.pi, resolution + 1)
    U, V = np.meshgrid(u, v, indexing="ij")
    if shape == TORUS:
        major, minor = params[0], params[1]
        W = np.linspace(0.0, 2.0 * np.pi, resolution + 1)
        U, W = np.meshgrid(u, W, indexing="ij")
        ring = major + minor * np.cos(W)
        return np.stack([ring * np.cos(U), ring * np.sin(U), minor * np.sin(W)], axis=-1)
    unit = np.stack([np.sin(V) * np.cos(U), np.sin(V) * np.sin(U), np.cos(V)], axis=-1)
    if shape == SPHERE:
        return params[0] * unit
    if shape == ELLIPSOID:
        return unit * np.asarray(params[:3])
    if shape == SPHEROCYLINDER:  # a sphere of the cap radius, its halves pushed apart along z
        points = params[0] * unit
        points[..., 2] += np.where(unit[..., 2] >= 0.0, 0.5 * params[1], -0.5 * params[1])
        return points
    fail(f"unknown shape code {shape} (docs/output.md: 0 sphere .. 3 torus)")


def quads(grid):
    """The (n, 4, 3) quadrilaterals of a (u, v, 3) grid."""
    return np.stack([grid[:-1, :-1], grid[1:, :-1], grid[1:, 1:], grid[:-1, 1:]], axis=2).reshape(-1, 4, 3)


def shade(faces, rgba, light=np.array([0.3, -0.4, 0.87])):
    """Lambert shading of one body's faces (its colour, darker where facing away from the light)."""
    normals = np.cross(faces[:, 1] - faces[:, 0], faces[:, 3] - faces[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    lengths[lengths == 0.0] = 1.0
    intensity = 0.45 + 0.55 * np.abs(normals @ (light / np.linalg.norm(light))) / lengths
    shaded = np.tile(np.asarray(rgba, dtype=float), (len(faces), 1))
    shaded[:, :3] *= intensity[:, None]
    return shaded


def read_snapshot(path, step):
    if not os.path.exists(path):
        fail(f"{path}: no such file (run relcp_sim first; its output directory holds relcp.h5)")
    try:
        handle = h5py.File(path, "r")
    except OSError as error:
        fail(f"{path}: not an HDF5 file that can be read ({error})")
    with handle as f:
        if "snapshots" not in f or not len(f["snapshots"]):
            fail(f"{path}: no snapshots (docs/output.md)")
        names = sorted(f["snapshots"])
        if step is None:
            name = names[-1]
        else:
            name = f"{step:08d}"
            if name not in f["snapshots"]:
                fail(f"{path}: no snapshot at step {step} (first {int(names[0])}, last {int(names[-1])})")
        group = f["snapshots"][name]
        data = {key: group[key][()] for key in ("position", "orientation", "shape", "shape_params",
                                                "velocity", "force", "owner")}
        data["time"] = float(group.attrs["time"])
        data["step"] = int(group.attrs["step"])
        links = group.get("contacts")
        if links is not None and int(links.attrs.get("count", 0)) > 0:
            data["link_points"] = links["points"][()].reshape(-1, 2, 3)
            data["link_force"] = links["force"][()]
        return data


def body_values(data, what):
    if what == "speed":
        return np.linalg.norm(data["velocity"], axis=1), "speed |v|"
    if what == "force":
        return np.linalg.norm(data["force"], axis=1), "external force |f| (last step)"
    if what == "owner":
        return data["owner"].astype(float), "MPI rank"
    return data["shape"].astype(float), "shape"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("h5", help="relcp.h5 of a relcp_sim run")
    parser.add_argument("--step", type=int, help="snapshot step (default: the last)")
    parser.add_argument("--color", choices=("speed", "force", "shape", "owner"), default="speed")
    parser.add_argument("--contacts", action="store_true", help="draw the contact links, width by force")
    parser.add_argument("--view", choices=("perspective", "top"), default="perspective")
    parser.add_argument("--resolution", type=int, default=10, help="facets per half turn of each body")
    parser.add_argument("--out", help="PNG path (default: next to the .h5, snapshot_NNNNNNNN.png)")
    args = parser.parse_args()
    if args.resolution < 3:
        fail("--resolution must be at least 3")

    data = read_snapshot(args.h5, args.step)
    values, label = body_values(data, args.color)
    if args.color == "shape":
        palette = {SPHERE: "tab:green", ELLIPSOID: "tab:blue", SPHEROCYLINDER: "tab:orange", TORUS: "tab:red"}
        body_rgba = [colors.to_rgba(palette.get(int(s), "grey")) for s in data["shape"]]
        mapper = None
    else:
        norm = colors.Normalize(vmin=float(values.min()), vmax=float(max(values.max(), values.min() + 1e-12)))
        mapper = cm.ScalarMappable(norm=norm, cmap="viridis" if args.color != "owner" else "tab10")
        body_rgba = mapper.to_rgba(values)

    faces, face_colours = [], []
    for k in range(len(data["shape"])):
        grid = body_grid(int(data["shape"][k]), data["shape_params"][k], args.resolution)
        lab = grid @ rotation(data["orientation"][k]).T + data["position"][k]
        body_faces = quads(lab)
        faces.append(body_faces)
        face_colours.append(shade(body_faces, body_rgba[k]))
    faces = np.concatenate(faces)
    face_colours = np.concatenate(face_colours)

    figure = plt.figure(figsize=(8, 7))
    axis = figure.add_subplot(projection="3d")
    axis.add_collection3d(Poly3DCollection(faces, facecolors=face_colours, edgecolors="none"))
    if args.contacts and "link_points" in data:
        force = data["link_force"]
        active = force > 0.0
        if active.any():
            widths = 0.5 + 3.0 * force[active] / force[active].max()
            axis.add_collection3d(Line3DCollection(data["link_points"][active], colors="crimson", linewidths=widths))
    lower, upper = faces.reshape(-1, 3).min(axis=0), faces.reshape(-1, 3).max(axis=0)
    centre, half = 0.5 * (lower + upper), 0.5 * float((upper - lower).max())
    for setter, c in zip((axis.set_xlim, axis.set_ylim, axis.set_zlim), centre):
        setter(c - half, c + half)
    axis.set_box_aspect((1, 1, 1))
    if args.view == "top":
        axis.view_init(elev=90, azim=-90)
        axis.set_zticks([])
    axis.set_xlabel("x")
    axis.set_ylabel("y")
    axis.set_zlabel("z")
    counts = ", ".join(f"{int((data['shape'] == code).sum())} {name}"
                       for code, name in SHAPE_NAMES.items() if (data["shape"] == code).any())
    axis.set_title(f"step {data['step']}, t = {data['time']:g}: {counts}")
    if mapper is not None:
        mapper.set_array(values)
        figure.colorbar(mapper, ax=axis, shrink=0.6, label=label)
    out = args.out or os.path.join(os.path.dirname(os.path.abspath(args.h5)), f"snapshot_{data['step']:08d}.png")
    figure.savefig(out, dpi=110, bbox_inches="tight")
    print(out)


if __name__ == "__main__":
    main()
