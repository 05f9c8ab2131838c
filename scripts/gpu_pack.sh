#!/usr/bin/env bash
# Builds the CUDA back ends here (RELCP_CUDA=ON) and packs what the GPU check runs into .device/
# (git-ignored): the gpu-labelled test binaries, the dcs benchmarks and every shared library they
# load beyond the C runtime, so that scripts/gpu_check.sh runs them on a bare GPU machine (the
# `device` tool's H100/H200 carry no Trilinos, MPI or FFTW). Then, on the GPU machine:
#
#   scripts/gpu_pack.sh                       # here: build + pack (about 1 minute with ccache)
#   scripts/gpu_check.sh [OUT_DIR]            # there: tests, benchmarks, Signorini sweeps
#
# RELCP_BUILD_DIR (default build) is configured with RELCP_CUDA=ON if it is not already.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${RELCP_BUILD_DIR:-build}
pack=.device

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRELCP_CUDA=ON
elif ! grep -q '^RELCP_CUDA:STRING=ON' "$build_dir/CMakeCache.txt"; then
  cmake -S . -B "$build_dir" -DRELCP_CUDA=ON > /dev/null
fi
targets=(dcs_batched_bench dcs_signorini_timing)
mapfile -t gpu_tests < <(cd tests/dcs && ls gpu_*.cpp | sed 's/^/test_dcs_/; s/\.cpp$//')
cmake --build "$build_dir" --target "${targets[@]}" "${gpu_tests[@]}"

rm -rf "$pack"
mkdir -p "$pack/bin" "$pack/lib"
for target in "${targets[@]}"; do cp "$build_dir/bin/$target" "$pack/bin/"; done
for test in "${gpu_tests[@]}"; do cp "$build_dir/tests/$test" "$pack/bin/"; done
# Every library the binaries load, except the C runtime, which the GPU machine has.
ldd "$pack"/bin/* | awk '$3 ~ /^\// {print $3}' | sort -u |
  grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*)\.so' |
  while read -r library; do cp -L "$library" "$pack/lib/"; done
tar -C "$pack" -cJf "$pack/lib.tar.xz" lib
rm -rf "$pack/lib"
printf '%s\n' "${gpu_tests[@]}" > "$pack/gpu_tests.txt"
du -sh "$pack"
