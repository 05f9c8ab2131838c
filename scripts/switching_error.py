#!/usr/bin/env python3
"""Stewart's error measure between two relcp_dcs runs: the largest Euclidean norm of the state
difference over the common output times of their trajectory.csv files (standard library only).

usage: switching_error.py REFERENCE_DIR RUN_DIR [--columns x|all]
prints the maximum error; --columns x restricts the norm to the positions x0, x1, ...
"""
import argparse
import csv
import math
import sys


def read_trajectory(directory):
    with open(f"{directory}/trajectory.csv", newline="") as handle:
        rows = list(csv.reader(handle))
    return rows[0], [[float(value) for value in row] for row in rows[1:]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reference")
    parser.add_argument("run")
    parser.add_argument("--columns", choices=["all", "x"], default="all")
    args = parser.parse_args()

    header, reference = read_trajectory(args.reference)
    run_header, run = read_trajectory(args.run)
    if header != run_header or len(reference) != len(run):
        sys.exit("switching_error.py: the two trajectories have different columns or lengths")
    columns = [i for i, name in enumerate(header) if i > 0 and (args.columns == "all" or name.startswith("x"))]
    worst = 0.0
    for ref_row, run_row in zip(reference, run):
        if abs(ref_row[0] - run_row[0]) > 1e-9:
            sys.exit(f"switching_error.py: output times differ ({ref_row[0]} vs {run_row[0]})")
        worst = max(worst, math.sqrt(sum((ref_row[i] - run_row[i]) ** 2 for i in columns)))
    print(f"{worst:.6e}")


if __name__ == "__main__":
    main()
