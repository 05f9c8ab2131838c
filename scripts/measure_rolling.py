#!/usr/bin/env python3
"""The motion of the two spheres of configs/rolling.yaml against the closed forms of rolling and
spinning resistance (docs/friction.md): body 0 rolls on the floor and slows at
(5/7) rolling g; body 1 spins about the vertical and slows at (5/2) spinning g / R, then stays.
Prints, per snapshot, body 0's speed, its rolling rate and its height, and body 1's spin, then
the measured rates against the closed forms.

  /usr/bin/python3 scripts/measure_rolling.py RUN_DIR [--rolling 0.05] [--spinning 0.1] [--radius 1] [--g 9.81]
"""
import argparse
import sys

try:
    import h5py
except ImportError:
    sys.exit("measure_rolling.py needs h5py: apt-get install -y python3-h5py (Debian's python is /usr/bin/python3)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run")
    parser.add_argument("--rolling", type=float, default=0.05)
    parser.add_argument("--spinning", type=float, default=0.1)
    parser.add_argument("--radius", type=float, default=1.0)
    parser.add_argument("--g", type=float, default=9.81)
    args = parser.parse_args()
    rows = []
    with h5py.File(args.run + "/relcp.h5", "r") as f:
        snapshots = f["snapshots"]
        for name in sorted(snapshots, key=int):
            s = snapshots[name]
            order = list(s["id"][:].argsort())
            roll, spin = order[0], order[1]
            rows.append((float(s.attrs["time"]), s["velocity"][roll][0], s["angular_velocity"][roll][1],
                         s["position"][roll][2], s["angular_velocity"][spin][2]))
    print("%6s %10s %10s %12s %10s" % ("t", "speed", "roll rate", "height", "spin"))
    for t, v, w, z, spin in rows:
        print("%6.3f %10.5f %10.5f %12.8f %10.5f" % (t, v, w, z, spin))
    t0, v0, _, _, s0 = rows[0]
    t1, v1, _, _, _ = rows[-1]
    rolling_rate = (v0 - v1) / (t1 - t0)
    moving = [r for r in rows if r[4] > 1e-9]
    spin_rate = (s0 - moving[-1][4]) / (moving[-1][0] - t0) if len(moving) > 1 else float("nan")
    print("rolling deceleration %.5f, closed form (5/7) rolling g = %.5f"
          % (rolling_rate, 5.0 / 7.0 * args.rolling * args.g))
    print("spin deceleration    %.5f, closed form (5/2) spinning g / R = %.5f"
          % (spin_rate, 2.5 * args.spinning * args.g / args.radius))


if __name__ == "__main__":
    main()
