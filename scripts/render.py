#!/usr/bin/env pvpython
"""Render snapshots of a relcp_sim run with every body drawn in its own shape, size and
orientation (spheres, ellipsoids, spherocylinders, tori), read through ParaView's XDMFReader.

    pvpython scripts/render.py out/default/relcp.xmf                  # last snapshot -> PNG
    pvpython scripts/render.py RUN/relcp.xmf --step 100 --color speed --out frame.png
    pvbatch  scripts/render.py RUN/relcp.xmf --all --out frames/frame.png   # frame_NNNNNNNN.png
    xvfb-run -a pvbatch scripts/render.py ...                         # on a machine without a display

--color: shape (default), owner (MPI rank), speed (|velocity|), id, or angle (direction of the
body's z axis in the x-y plane, modulo pi: a rod's in-plane orientation). --view top looks down
the z axis (monolayers). Output format and datasets:
docs/output.md.
"""

import argparse
import os
import sys
import xml.etree.ElementTree as ElementTree

import numpy as np
from paraview import simple
from paraview import servermanager
from vtkmodules.util import numpy_support
from vtkmodules.vtkCommonCore import vtkIdTypeArray, vtkPoints
from vtkmodules.vtkCommonDataModel import vtkCellArray, vtkPolyData

SPHERE, ELLIPSOID, SPHEROCYLINDER, TORUS = 0, 1, 2, 3
SHAPE_NAMES = {SPHERE: "sphere", ELLIPSOID: "ellipsoid", SPHEROCYLINDER: "spherocylinder", TORUS: "torus"}


def snapshots_of(xmf_path):
    """(step, time) of every snapshot listed in the XDMF file, in file order."""
    pairs = []
    for grid in ElementTree.parse(xmf_path).getroot().iter("Grid"):
        name = grid.get("Name", "")
        time = grid.find("Time")
        if name.startswith("step ") and time is not None:
            pairs.append((int(name.split()[1]), float(time.get("Value"))))
    return pairs


def grid_faces(rows, columns, wrap_rows):
    """Triangles of a rows x columns grid of points, periodic along columns (and rows)."""
    faces = []
    last_row = rows if wrap_rows else rows - 1
    for i in range(last_row):
        for j in range(columns):
            a = i * columns + j
            b = i * columns + (j + 1) % columns
            c = ((i + 1) % rows) * columns + (j + 1) % columns
            d = ((i + 1) % rows) * columns + j
            faces += [(a, b, c), (a, c, d)]
    return np.array(faces, dtype=np.int64)


def sphere_rows(polar, columns=20):
    """Unit sphere points on latitude rows at the given polar angles."""
    azimuth = np.linspace(0.0, 2.0 * np.pi, columns, endpoint=False)
    p, a = np.meshgrid(polar, azimuth, indexing="ij")
    return np.stack([np.sin(p) * np.cos(a), np.sin(p) * np.sin(a), np.cos(p)], axis=-1).reshape(-1, 3)


def shape_templates():
    """Per shape code: (T1, T2, faces) such that a body's points in its own frame are
    T1 * s1 + T2 * s2 with the per-body scales s1, s2 of body_scales()."""
    templates = {}
    unit = sphere_rows(np.linspace(0.0, np.pi, 13))
    sphere_faces = grid_faces(13, 20, wrap_rows=False)
    templates[SPHERE] = (unit, np.zeros_like(unit), sphere_faces)
    templates[ELLIPSOID] = (unit, np.zeros_like(unit), sphere_faces)
    # Capsule: two hemispheres of the cap radius, pushed apart by +-length/2 along the axis z;
    # the band between their equators is the cylinder.
    top = sphere_rows(np.linspace(0.0, np.pi / 2, 7))
    bottom = sphere_rows(np.linspace(np.pi / 2, np.pi, 7))
    capsule = np.concatenate([top, bottom])
    offset = np.zeros_like(capsule)
    offset[: len(top), 2] = 0.5
    offset[len(top):, 2] = -0.5
    templates[SPHEROCYLINDER] = (capsule, offset, grid_faces(14, 20, wrap_rows=False))
    # Torus: centreline circle (major radius) plus tube circle (minor radius).
    u, v = np.meshgrid(np.linspace(0, 2 * np.pi, 32, endpoint=False),
                       np.linspace(0, 2 * np.pi, 12, endpoint=False), indexing="ij")
    centre = np.stack([np.cos(u), np.sin(u), np.zeros_like(u)], axis=-1).reshape(-1, 3)
    tube = np.stack([np.cos(v) * np.cos(u), np.cos(v) * np.sin(u), np.sin(v)], axis=-1).reshape(-1, 3)
    templates[TORUS] = (centre, tube, grid_faces(32, 12, wrap_rows=True))
    return templates


def body_scales(code, params):
    """s1, s2 (n x 3) for bodies of one shape from their shape_params (n x 4)."""
    n = params.shape[0]
    if code == SPHERE:
        return np.repeat(params[:, :1], 3, axis=1), np.zeros((n, 3))
    if code == ELLIPSOID:
        return params[:, :3], np.zeros((n, 3))
    if code == SPHEROCYLINDER:
        return np.repeat(params[:, :1], 3, axis=1), np.repeat(params[:, 1:2], 3, axis=1)
    return np.repeat(params[:, :1], 3, axis=1), np.repeat(params[:, 1:2], 3, axis=1)


def rotation_matrices(q):
    """Rotation matrices (n x 3 x 3) of unit quaternions q = (w, x, y, z) (n x 4)."""
    w, x, y, z = q.T
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], axis=-1),
        np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], axis=-1),
        np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=-1),
    ], axis=1)


def point_arrays(dataset):
    if dataset.IsA("vtkMultiBlockDataSet"):  # relcp.xmf's blocks: bodies, contacts
        dataset = dataset.GetBlock(0)
    data = dataset.GetPointData()
    return {data.GetArrayName(i): numpy_support.vtk_to_numpy(data.GetArray(i)) for i in range(data.GetNumberOfArrays())}


def body_surfaces(arrays):
    """One vtkPolyData with the surface of every body; cell data shape, owner, id, speed."""
    templates = shape_templates()
    codes = arrays["shape"].astype(np.int64)
    all_points, all_faces, cell_values = [], [], {"shape": [], "owner": [], "id": [], "speed": [], "angle": []}
    speed = np.linalg.norm(arrays["velocity"], axis=1)
    first_point = 0
    for code, (t1, t2, faces) in templates.items():
        chosen = np.nonzero(codes == code)[0]
        if chosen.size == 0:
            continue
        s1, s2 = body_scales(code, arrays["shape_params"][chosen])
        local = t1[None] * s1[:, None, :] + t2[None] * s2[:, None, :]
        rotations = rotation_matrices(arrays["orientation"][chosen])
        world = np.einsum("nij,nmj->nmi", rotations, local)
        world += arrays["position"][chosen][:, None, :]
        m = t1.shape[0]
        all_points.append(world.reshape(-1, 3))
        offsets = first_point + m * np.arange(chosen.size)
        all_faces.append((faces[None] + offsets[:, None, None]).reshape(-1, 3))
        first_point += m * chosen.size
        per_face = faces.shape[0]
        cell_values["shape"].append(np.repeat(codes[chosen], per_face))
        cell_values["owner"].append(np.repeat(arrays["owner"][chosen], per_face))
        cell_values["id"].append(np.repeat(arrays["id"][chosen], per_face))
        cell_values["speed"].append(np.repeat(speed[chosen], per_face))
        angle = np.mod(np.arctan2(rotations[:, 1, 2], rotations[:, 0, 2]), np.pi)
        cell_values["angle"].append(np.repeat(angle, per_face))

    surface = vtkPolyData()
    if not all_points:
        return surface
    points = vtkPoints()
    points.SetData(numpy_support.numpy_to_vtk(np.ascontiguousarray(np.concatenate(all_points)), deep=True))
    surface.SetPoints(points)
    triangles = np.concatenate(all_faces)
    cells = vtkCellArray()
    offsets = vtkIdTypeArray()
    offsets.DeepCopy(numpy_support.numpy_to_vtkIdTypeArray(np.arange(0, 3 * len(triangles) + 1, 3, dtype=np.int64), deep=True))
    connectivity = numpy_support.numpy_to_vtkIdTypeArray(np.ascontiguousarray(triangles.reshape(-1)), deep=True)
    cells.SetData(offsets, connectivity)
    surface.SetPolys(cells)
    for name, parts in cell_values.items():
        values = numpy_support.numpy_to_vtk(np.ascontiguousarray(np.concatenate(parts).astype(np.float64)), deep=True)
        values.SetName(name)
        surface.GetCellData().AddArray(values)
    return surface


def arrays_at(reader, time):
    reader.UpdatePipeline(time)
    return point_arrays(servermanager.Fetch(reader))


def render(reader, view, producer, display, step, time, color, output, resolution, label, reset_camera,
           top_view=False, arrays=None):
    arrays = arrays if arrays is not None else arrays_at(reader, time)
    surface = body_surfaces(arrays)
    producer.GetClientSideObject().SetOutput(surface)
    producer.MarkModified(producer)
    producer.UpdatePipeline()
    simple.ColorBy(display, ("CELLS", color))
    lut = simple.GetColorTransferFunction(color)
    if color == "angle":
        lut.ApplyPreset("Rainbow Uniform", True)  # not cyclic: angles near 0 and near pi are alike
        lut.RescaleTransferFunction(0.0, np.pi)
    elif color == "shape":
        lut.InterpretValuesAsCategories = 1
        lut.Annotations = sum(([str(code), name] for code, name in SHAPE_NAMES.items()), [])
        lut.IndexedColors = [0.89, 0.35, 0.25, 0.30, 0.55, 0.85, 0.95, 0.75, 0.25, 0.45, 0.75, 0.40]
    else:
        display.RescaleTransferFunctionToDataRange(False, True)
    display.SetScalarBarVisibility(view, True)
    bar = simple.GetScalarBar(lut, view)
    bar.Title = color
    bar.ComponentTitle = ""
    bar.TitleColor = bar.LabelColor = [0.1, 0.1, 0.1]
    label.Text = "step %d   t = %.6g   bodies %d" % (step, time, len(arrays.get("id", [])))
    if reset_camera and top_view:
        view.CameraPosition = [0.0, 0.0, 1.0]
        view.CameraFocalPoint = [0.0, 0.0, 0.0]
        view.CameraViewUp = [0.0, 1.0, 0.0]
        view.ResetCamera()
    elif reset_camera:
        camera = view.GetActiveCamera()
        camera.Elevation(25.0)
        camera.Azimuth(30.0)
        view.ResetCamera()
    simple.SaveScreenshot(output, view, ImageResolution=resolution)
    print("wrote %s (step %d, t = %g)" % (output, step, time))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("xmf", help="the run's relcp.xmf")
    parser.add_argument("--step", type=int, help="snapshot to draw (default: the last)")
    parser.add_argument("--all", action="store_true", help="draw every snapshot, into OUT with _NNNNNNNN added")
    parser.add_argument("--out", default=None, help="PNG file (default: next to the .xmf, snapshot_NNNNNNNN.png)")
    parser.add_argument("--color", default="shape", choices=["shape", "owner", "speed", "id", "angle"])
    parser.add_argument("--view", default="oblique", choices=["oblique", "top"])
    parser.add_argument("--resolution", default="1600x1200", help="WIDTHxHEIGHT")
    args = parser.parse_args()

    snapshots = snapshots_of(args.xmf)
    if not snapshots:
        sys.exit("render.py: %s lists no snapshots" % args.xmf)
    if args.all:
        chosen = snapshots
    elif args.step is not None:
        chosen = [s for s in snapshots if s[0] == args.step]
        if not chosen:
            sys.exit("render.py: no snapshot of step %d (have %s)" % (args.step, ", ".join(str(s[0]) for s in snapshots)))
    else:
        chosen = [snapshots[-1]]
    resolution = [int(v) for v in args.resolution.lower().split("x")]

    reader = simple.XDMFReader(FileNames=[os.path.abspath(args.xmf)])
    reader.UpdatePipelineInformation()
    view = simple.CreateView("RenderView")
    view.OrientationAxesVisibility = 1
    view.Background = [1.0, 1.0, 1.0]
    if hasattr(view, "UseColorPaletteForBackground"):
        view.UseColorPaletteForBackground = 0
    producer = simple.TrivialProducer(registrationName="bodies")
    producer.GetClientSideObject().SetOutput(vtkPolyData())  # its data type picks the display
    display = simple.Show(producer, view)
    label = simple.Text(registrationName="label")
    label_display = simple.Show(label, view)
    label_display.Color = [0.1, 0.1, 0.1]
    label_display.WindowLocation = "Upper Left Corner"
    label_display.FontSize = 14

    base = args.out or os.path.join(os.path.dirname(os.path.abspath(args.xmf)), "snapshot.png")
    stem, extension = os.path.splitext(base)
    for index, (step, time) in enumerate(chosen):
        output = base if (args.out and not args.all) else "%s_%08d%s" % (stem, step, extension or ".png")
        if os.path.dirname(output):
            os.makedirs(os.path.dirname(output), exist_ok=True)
        render(reader, view, producer, display, step, time, args.color, output, resolution, label,
               reset_camera=index == 0, top_view=args.view == "top")


if __name__ == "__main__":
    main()
