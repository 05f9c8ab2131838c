#!/usr/bin/env bash
# [PL] 4.2 parabolic Signorini problem, Fig. 4.10 / Table 4.1 style timing: implicit Euler
# (sequential time stepping) against the Laplace iteration (all time points at once), with the
# serial and openmp LCP back ends.
#
#   scripts/bench_dlcp_signorini.sh        # ~1-2 minutes on a loaded 2-core machine
#
# Sweeps (the paper's Fig. 4.10, shrunk to CPU-sized ranges):
#   left : dx = 0.025, h = 1/16 .. 1/256   (paper: 1/16 .. 1/512)
#   right: h = 0.01,  dx = 1/16, 1/32, 0.025, 1/64  (paper: 1/16 .. 1/512)
# The tolerance of each run is [PL] (4.8): min(h, dx^2)/50 (on the change between iterates).
#
# Environment: RELCP_BUILD_DIR (default build) holding bin/relcp_dcs; RELCP_RESULTS_DIR (default
# results); OMP_NUM_THREADS (default 2); H_LIST, DX_LIST, BACKENDS, METHODS override the sweeps.
# Output: $RELCP_RESULTS_DIR/dlcp_signorini/{runs/<name>/, timings.csv, timings.json}; plot with
# scripts/plot_dlcp_signorini.py.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpi_env.sh

build_dir=${RELCP_BUILD_DIR:-build}
results_dir=${RELCP_RESULTS_DIR:-results}
app="$build_dir/bin/relcp_dcs"
config=configs/dlcp_signorini.yaml
out="$results_dir/dlcp_signorini"
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}

h_list=(${H_LIST:-0.0625 0.03125 0.015625 0.0078125 0.00390625})
dx_list=(${DX_LIST:-0.0625 0.03125 0.025 0.015625})
backends=(${BACKENDS:-openmp serial})
methods=(${METHODS:-implicit-euler laplace})
h_fixed=0.01
dx_fixed=0.025

if [[ ! -x "$app" ]]; then
  echo "bench_dlcp_signorini: $app not found; build it first: ninja -C $build_dir relcp_dcs_cli" >&2
  exit 2
fi
mkdir -p "$out/runs"
: > "$out/runs.txt"

tolerance() { python3 -c "import sys; h, dx = map(float, sys.argv[1:]); print('%.6g' % (min(h, dx * dx) / 50))" "$1" "$2"; }

run() {  # sweep, method, backend, h, dx
  local sweep=$1 method=$2 backend=$3 h=$4 dx=$5
  local name="${sweep}_${method}_${backend}_h${h}_dx${dx}"
  local tol rc=0
  tol=$(tolerance "$h" "$dx")
  rm -rf "$out/runs/$name"
  "$app" run "$config" --method "$method" --backend "$backend" --output "$out/runs/$name" \
    --set time.h="$h" --set problem.dx="$dx" --set method.tolerance="$tol" \
    > "$out/runs/$name.log" 2>&1 || rc=$?
  printf '%s %s %s %s %s %s %s %s\n' "$sweep" "$method" "$backend" "$h" "$dx" "$tol" "$rc" "$name" >> "$out/runs.txt"
  echo "bench_dlcp_signorini: $name rc=$rc" >&2
}

for backend in "${backends[@]}"; do
  for method in "${methods[@]}"; do
    for h in "${h_list[@]}"; do run h "$method" "$backend" "$h" "$dx_fixed"; done
    for dx in "${dx_list[@]}"; do run dx "$method" "$backend" "$h_fixed" "$dx"; done
  done
done

python3 - "$out" <<'PY'
import csv, json, os, sys
out = sys.argv[1]
rows = []
for line in open(os.path.join(out, "runs.txt")):
    sweep, method, backend, h, dx, tol, rc, name = line.split()
    row = dict(sweep=sweep, method=method, backend=backend, h=float(h), dx=float(dx),
               tolerance=float(tol), exit_code=int(rc), run=name)
    path = os.path.join(out, "runs", name, "stats.json")
    if os.path.exists(path):
        s = json.load(open(path))
        split = s.get("time_split") or {}
        row.update(steps=s.get("steps"), iterations=s.get("iterations"),
                   converged=s.get("converged"), failure=s.get("failure"),
                   seconds=s.get("seconds"),
                   **{"split_" + k: split.get(k) for k in ("lcp", "linear_algebra", "interpolation", "transfer")})
    rows.append(row)
json.dump({"omp_num_threads": os.environ.get("OMP_NUM_THREADS"), "runs": rows},
          open(os.path.join(out, "timings.json"), "w"), indent=1)
fields = ["sweep", "method", "backend", "h", "dx", "tolerance", "steps", "iterations", "converged",
          "seconds", "split_lcp", "split_linear_algebra", "split_interpolation", "split_transfer",
          "exit_code", "failure", "run"]
with open(os.path.join(out, "timings.csv"), "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
    w.writeheader()
    w.writerows(rows)
print("| sweep | method | backend | h | dx | steps | iterations | converged | seconds |")
print("|---|---|---|---|---|---|---|---|---|")
for r in rows:
    print("| %s | %s | %s | %g | %g | %s | %s | %s | %s |" % (
        r["sweep"], r["method"], r["backend"], r["h"], r["dx"], r.get("steps"), r.get("iterations"),
        r.get("converged"), "%.3f" % r["seconds"] if r.get("seconds") is not None else "-"))
PY
echo "bench_dlcp_signorini: wrote $out/timings.csv and $out/timings.json" >&2
