"""Compares two relcp_sim output folders: stats.csv without its timing columns, and every dataset
of every HDF5 file byte for byte. Exit 0 when they are the same, 1 otherwise (naming what
differs). Used by scripts/compare_outputs.sh."""
import csv
import pathlib
import sys

import h5py
import numpy as np

TIMING_COLUMNS = {"seconds", "detection_seconds", "assembly_seconds", "solve_seconds"}


def stats_rows(folder):
    with open(folder / "stats.csv") as f:
        rows = list(csv.reader(f))
    kept = [i for i, name in enumerate(rows[0]) if name not in TIMING_COLUMNS]
    return [[row[i] for i in kept] for row in rows]


def datasets(h5file):
    found = {}
    h5file.visititems(lambda name, obj: found.__setitem__(name, obj[()]) if isinstance(obj, h5py.Dataset) else None)
    return found


def main(a, b):
    same = True
    if stats_rows(a) != stats_rows(b):
        print("  stats.csv differs")
        same = False
    files_a = sorted(p.relative_to(a) for p in a.rglob("*.h5"))
    files_b = sorted(p.relative_to(b) for p in b.rglob("*.h5"))
    if files_a != files_b:
        print("  different HDF5 files:", files_a, files_b)
        return False
    for relative in files_a:
        with h5py.File(a / relative) as fa, h5py.File(b / relative) as fb:
            da, db = datasets(fa), datasets(fb)
            if da.keys() != db.keys():
                print(f"  {relative}: dataset names differ")
                same = False
                continue
            for name in da:
                x, y = np.asarray(da[name]), np.asarray(db[name])
                if x.shape != y.shape or x.dtype != y.dtype or x.tobytes() != y.tobytes():
                    print(f"  {relative}:{name} differs")
                    same = False
    return same


if __name__ == "__main__":
    sys.exit(0 if main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])) else 1)
