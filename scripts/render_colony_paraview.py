#!/usr/bin/env pvpython
"""Fig. 5a of the ReLCP paper with ParaView: one colony snapshot drawn from two runs, the left
half (x < 0) from one (e.g. multisphere 7) and the right half from the other (ReLCP), seen from
above and coloured by each rod's in-plane orientation (modulo pi).
    xvfb-run -a pvbatch scripts/render_colony_paraview.py LEFT/relcp.xmf RIGHT/relcp.xmf \\
        --step 6500 --out fig5a_paraview.png
Needs ParaView (Debian: apt-get install paraview xvfb; not in scripts/setup.sh, which installs
only what builds and tests need). The step must be a snapshot of both runs (default: the last
common one). Bodies are drawn by
scripts/render.py's surface builder; scripts/render_colony.py draws the same picture with
matplotlib.
"""
import argparse
import os
import sys

import numpy as np
from paraview import simple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import render  # noqa: E402  (scripts/render.py)


def half(arrays, keep):
    chosen = keep(arrays["position"][:, 0])
    return {name: values[chosen] for name, values in arrays.items() if len(values) == len(chosen)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("left", help="relcp.xmf of the run drawn for x < 0")
    parser.add_argument("right", help="relcp.xmf of the run drawn for x >= 0")
    parser.add_argument("--step", type=int, help="snapshot step (default: the last common one)")
    parser.add_argument("--out", default="fig5a_paraview.png")
    parser.add_argument("--resolution", default="1600x1600", help="WIDTHxHEIGHT")
    args = parser.parse_args()

    left_times = dict(render.snapshots_of(args.left))
    right_times = dict(render.snapshots_of(args.right))
    common = sorted(set(left_times) & set(right_times))
    if not common:
        sys.exit("render_colony_paraview.py: the two runs share no snapshot step")
    step = args.step if args.step is not None else common[-1]
    if step not in common:
        sys.exit("render_colony_paraview.py: step %d is not a snapshot of both runs" % step)

    readers = [simple.XDMFReader(FileNames=[os.path.abspath(path)]) for path in (args.left, args.right)]
    for reader in readers:
        reader.UpdatePipelineInformation()
    left = half(render.arrays_at(readers[0], left_times[step]), lambda x: x < 0.0)
    right = half(render.arrays_at(readers[1], right_times[step]), lambda x: x >= 0.0)
    merged = {name: np.concatenate([left[name], right[name]]) for name in left if name in right}

    view = simple.CreateView("RenderView")
    view.OrientationAxesVisibility = 0
    view.Background = [1.0, 1.0, 1.0]
    if hasattr(view, "UseColorPaletteForBackground"):
        view.UseColorPaletteForBackground = 0
    producer = simple.TrivialProducer(registrationName="bodies")
    producer.GetClientSideObject().SetOutput(render.vtkPolyData())
    display = simple.Show(producer, view)
    label = simple.Text(registrationName="label")
    label_display = simple.Show(label, view)
    label_display.Color = [0.1, 0.1, 0.1]
    label_display.WindowLocation = "Upper Left Corner"
    label_display.FontSize = 14
    resolution = [int(v) for v in args.resolution.lower().split("x")]
    render.render(readers[0], view, producer, display, step, left_times[step], "angle", args.out,
                  resolution, label, reset_camera=True, top_view=True, arrays=merged)
    label.Text = "left: %s   right: %s   t = %.4g   %d + %d cells shown" % (
        os.path.basename(os.path.dirname(os.path.abspath(args.left))),
        os.path.basename(os.path.dirname(os.path.abspath(args.right))), left_times[step],
        len(left["id"]), len(right["id"]))
    simple.SaveScreenshot(args.out, view, ImageResolution=resolution)


if __name__ == "__main__":
    main()
