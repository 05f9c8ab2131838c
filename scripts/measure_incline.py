#!/usr/bin/env python3
"""The motion of body 0 of a run on the 30-degree incline of configs/incline.yaml: its mean
acceleration down the slope (velocity / time at the last snapshot), its velocity off the
incline, its spin about the cross-slope axis y and the spin's mean rate.

  /usr/bin/python3 scripts/measure_incline.py RUN_DIR [--slope-degrees 30]
"""
import argparse
import math
import sys

try:
    import h5py
except ImportError:
    sys.exit("measure_incline.py needs h5py: apt-get install -y python3-h5py (Debian's python is /usr/bin/python3)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run")
    parser.add_argument("--slope-degrees", type=float, default=30.0)
    args = parser.parse_args()
    theta = math.radians(args.slope_degrees)
    normal = (math.sin(theta), 0.0, math.cos(theta))
    downhill = (math.cos(theta), 0.0, -math.sin(theta))
    with h5py.File(args.run + "/relcp.h5", "r") as f:
        snapshots = f["snapshots"]
        first, last = snapshots[sorted(snapshots)[0]], snapshots[sorted(snapshots)[-1]]
        t = float(last.attrs["time"])
        v = last["velocity"][0]
        w = last["angular_velocity"][0]
        moved = last["position"][0] - first["position"][0]
    dot = lambda a, b: sum(x * y for x, y in zip(a, b))
    print("t %.3f  acceleration %.4f  distance %.4f  v_normal %.2e  spin %.4f  spin rate %.4f"
          % (t, dot(v, downhill) / t, dot(moved, downhill), dot(v, normal), w[1], w[1] / t))


if __name__ == "__main__":
    main()
