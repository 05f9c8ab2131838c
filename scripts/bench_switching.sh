#!/usr/bin/env bash
# Stewart's switching method against Taubert's Euler/RK4 and Moreau time-stepping on the
# three-mass friction problem (configs/stewart_friction_chain.yaml), as in Stewart 1996 Tables
# 1-2: evaluation counts and the maximum Euclidean 6-state error on the 0.05 output grid against
# a tight-tolerance switching reference.
#
#   scripts/bench_switching.sh            # the table (markdown) on stdout; runs take ~1 minute
#   scripts/bench_switching.sh reference  # regenerates tests/dcs/data/stewart_friction_chain_reference
#
# Environment: RELCP_BUILD_DIR (default build) holding bin/relcp_dcs; BENCH_DIR (default
# $RELCP_BUILD_DIR/bench_switching) for the run directories; QUICK=1 skips the runs at h = 1e-5
# and below (Taubert II at h = 1e-5 alone takes several seconds, Euler at 5e-7 about a minute).
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${RELCP_BUILD_DIR:-build}
app="$build_dir/bin/relcp_dcs"
config=configs/stewart_friction_chain.yaml
bench_dir=${BENCH_DIR:-$build_dir/bench_switching}
reference_tolerance=1e-13
if [[ ! -x "$app" ]]; then
  echo "bench_switching: $app not found; build it first: ninja -C $build_dir relcp_dcs_cli" >&2
  exit 2
fi

if [[ "${1:-}" == reference ]]; then
  fixture=tests/dcs/data/stewart_friction_chain_reference
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  "$app" run "$config" --output "$scratch" --set method.tolerance=$reference_tolerance
  mkdir -p "$fixture"
  cp "$scratch/events.csv" "$scratch/trajectory.csv" "$fixture/"
  echo "bench_switching: wrote $fixture (switching, tolerance $reference_tolerance)" >&2
  exit 0
fi

mkdir -p "$bench_dir"
"$app" run "$config" --output "$bench_dir/reference" --set method.tolerance=$reference_tolerance

stat() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1/stats.json" "$2"; }

row() {  # label, run directory
  local dir=$1 label=$2
  local error
  error=$(scripts/switching_error.py "$bench_dir/reference" "$dir")
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$(stat "$dir" f_evals)" \
    "$(stat "$dir" h_evals)" "$(stat "$dir" grad_h_evals)" "$(stat "$dir" total_evals)" \
    "$(stat "$dir" steps)" "$error" "$(printf '%.3f' "$(stat "$dir" wall_seconds)")"
}

run() {  # name, --set method=... value
  local name=$1 method=$2
  "$app" run "$config" --output "$bench_dir/$name" --set "method=$method" >/dev/null
  echo "$bench_dir/$name"
}

echo "| method | #f | #h | #grad h | Total | steps | max error | seconds |"
echo "|---|---|---|---|---|---|---|---|"
steps=(1e-3 1e-4)
tolerances=(1e-3 1e-4 2e-5 1e-5 1e-6 1e-8 1e-10)
[[ "${QUICK:-0}" == 1 ]] || steps+=(1e-5)
for h in "${steps[@]}"; do
  row "$(run "euler_$h" "{name: taubert-euler, h: $h}")" "Taubert I (Euler), h = $h"
  row "$(run "rk4_$h" "{name: taubert-rk4, h: $h}")" "Taubert II (RK4), h = $h"
  row "$(run "moreau_$h" "{name: moreau, h: $h}")" "Moreau (implicit Euler + LCP), h = $h"
done
if [[ "${QUICK:-0}" != 1 ]]; then
  # Euler at the error of Table 2's Algorithm 2 (about 5e-6) for the order claim (test D4,
  # docs/lcp.md).
  row "$(run "euler_5e-7" "{name: taubert-euler, h: 5e-7}")" "Taubert I (Euler), h = 5e-7"
fi
for tolerance in "${tolerances[@]}"; do
  row "$(run "switching_$tolerance" "{name: switching, tolerance: $tolerance}")" \
    "switching, tolerance = $tolerance"
done
