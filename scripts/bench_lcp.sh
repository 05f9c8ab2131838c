#!/usr/bin/env bash
# Runs the LCP solver benchmark (apps/bench/lcp_bench.cpp) and writes Google Benchmark JSON to
# results/lcp_bench.json (RELCP_RESULTS_DIR to change). Builds it first if missing.
# Extra arguments go to the benchmark, e.g. ./scripts/bench_lcp.sh --benchmark_filter=Contact
# Environment: RELCP_BUILD_DIR (default build), RELCP_RESULTS_DIR (default results),
#              OMP_NUM_THREADS (default 1: single-thread timings, comparable across machines).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${RELCP_BUILD_DIR:-build}
results=${RELCP_RESULTS_DIR:-results}
if [[ ! -f "$build_dir/build.ninja" ]]; then
  RELCP_BUILD_DIR=$build_dir ./scripts/setup.sh
fi
cmake --build "$build_dir" --target lcp_bench
mkdir -p "$results"
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
"$build_dir/bin/lcp_bench" --benchmark_out="$results/lcp_bench.json" --benchmark_out_format=json "$@"
echo "bench_lcp: results in $results/lcp_bench.json"
