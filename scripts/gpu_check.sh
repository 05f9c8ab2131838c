#!/usr/bin/env bash
# The GPU check, run on a machine with an NVIDIA GPU after scripts/gpu_pack.sh packed .device/:
# the gpu-labelled tests (each must run, not skip), compute-sanitizer's memcheck on them, the
# batched LCP and contour-sum benchmarks (cuda beside openmp on the machine's cores) and the
# Signorini sweeps of [PL] Fig. 4.10 (implicit Euler against the Laplace iteration).
#
#   scripts/gpu_check.sh [OUT_DIR]     # default results/gpu; STEPS="tests sanitizer bench sweep profile"
#
# Output in OUT_DIR: gpu_check.log, batched_bench.json, signorini.csv, profile.txt.
# Exit code: 0 when every test ran and passed, 1 otherwise (the measurements never fail it).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:-results/gpu}
steps=${STEPS:-tests sanitizer bench sweep profile}
mkdir -p "$out"
exec > >(tee "$out/gpu_check.log") 2>&1

libs=$(mktemp -d)
tar -C "$libs" -xJf .device/lib.tar.xz
export LD_LIBRARY_PATH="$libs/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)}
bin=.device/bin
mapfile -t tests < .device/gpu_tests.txt
has() { [[ " $steps " == *" $1 "* ]]; }
section() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }

section machine
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
echo "cpu cores: $(nproc), OMP_NUM_THREADS=$OMP_NUM_THREADS"
command -v cuobjdump > /dev/null && cuobjdump --list-elf "$bin/${tests[0]}"

status=0
if has tests; then
  section "gpu tests"
  for test in "${tests[@]}"; do
    timeout 300 "$bin/$test" --gtest_brief=0 > "$libs/$test.txt" 2>&1
    rc=$?
    cat "$libs/$test.txt"
    if [[ $rc -ne 0 ]] || grep -q '\[  SKIPPED \]' "$libs/$test.txt"; then
      echo "gpu_check: $test FAILED or SKIPPED (exit $rc)"; status=1
    fi
  done
fi
if has bench; then
  section "batched LCP and contour-sum benchmarks"
  timeout 300 "$bin/dcs_batched_bench" --benchmark_filter="${BENCH_FILTER:-/(openmp|cuda)/}" \
    --benchmark_min_time="${BENCH_MIN_TIME:-0.2}" --benchmark_out="$out/batched_bench.json" \
    --benchmark_out_format=json
fi
if has sweep; then
  section "Signorini sweeps (Fig. 4.10)"
  csv="$out/signorini.csv"
  sweep=(timeout 300 "$bin/dcs_signorini_timing")
  # Both sweeps: implicit Euler (sparse LU) against Laplace on openmp and cuda.
  "${sweep[@]}" ${SWEEP_ARGS:-} > "$csv"
  if [[ -z "${SWEEP_ARGS:-}" ]]; then
    # relcp_dcs's default linear solver (CG above 4096 states) at dx = 1/128, and dx = 1/256 on cuda
    # (the CPU Laplace iteration takes minutes there).
    "${sweep[@]}" --no-header --methods implicit-euler --ie-linear-solver auto --sweeps dx --dx 0.0078125 >> "$csv"
    "${sweep[@]}" --no-header --backends cuda --sweeps dx --dx 0.00390625 >> "$csv"
  fi
  cat "$csv"
fi
if has profile && command -v ncu > /dev/null; then
  section "kernel profile of three Laplace iterations (ncu)"
  timeout 300 ncu --clock-control none --section SpeedOfLight --section LaunchStats --launch-count 12 \
    "$bin/dcs_batched_bench" --benchmark_filter='LaplaceSignorini/cuda' > "$out/profile.txt" 2>&1
  grep -E '^  [a-z_]+kernel|Duration|Memory Throughput|Compute \(SM\) Throughput|Grid Size|Block Size' "$out/profile.txt" | head -80
fi
if has sanitizer && command -v compute-sanitizer > /dev/null; then
  section "compute-sanitizer memcheck"
  for test in "${tests[@]}"; do
    timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 "$bin/$test" --gtest_brief=1 2>&1 | tail -5
    rc=${PIPESTATUS[0]}
    [[ $rc -eq 0 ]] || { echo "gpu_check: memcheck of $test: exit $rc"; status=1; }
  done
fi
section "done: exit $status"
exit $status
