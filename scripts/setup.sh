#!/usr/bin/env bash
# Installs relcp's Debian dependencies (only what is missing) and builds into build/.
# Idempotent: a second run installs nothing and rebuilds only what changed.
# Environment: RELCP_BUILD_DIR (default build), RELCP_BUILD_TYPE (default Release),
#              RELCP_CMAKE_ARGS (extra configure arguments), RELCP_SKIP_BUILD=1 (install only),
#              RELCP_BUILD_TARGETS (what to build, e.g. "relcp_sim"; default everything: the
#              apps, every test and benchmark).
set -euo pipefail
cd "$(dirname "$0")/.."

# libopenblas0-openmp becomes the system's BLAS and LAPACK (Debian alternatives), in place of the
# reference BLAS, which is several times slower (CHOLMOD's supernodal kernels under alm). Its
# OpenMP build follows OMP_NUM_THREADS, which the scripts set to one thread per MPI rank.
# libmumps-dev (MPI build) factorizes the body-space solvers' Newton matrices distributed.
packages=(
  trilinos-all-dev libptscotch-dev libopenmpi-dev openmpi-bin libhdf5-openmpi-dev
  libyaml-cpp-dev libeigen3-dev libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev
  libspdlog-dev libmuparser-dev libfftw3-dev libboost-dev libsuitesparse-dev nlohmann-json3-dev
  libopenblas0-openmp libmumps-dev
  ccache ninja-build clang-format
  cmake g++
  python3-numpy python3-matplotlib python3-h5py python3-yaml
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -q
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

[[ "${RELCP_SKIP_BUILD:-0}" == 1 ]] && exit 0

build_dir=${RELCP_BUILD_DIR:-build}
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
# Paths relative to the checkout, so a fresh clone elsewhere (CI) reuses the cache.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
ccache --max-size=5G >/dev/null 2>&1 || true
if [[ ! -f "$build_dir/build.ninja" ]]; then
  # shellcheck disable=SC2086
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="${RELCP_BUILD_TYPE:-Release}" \
    -DRELCP_CUDA="${RELCP_CUDA:-AUTO}" ${RELCP_CMAKE_ARGS:-}
fi
targets=()
for target in ${RELCP_BUILD_TARGETS:-}; do targets+=(--target "$target"); done
cmake --build "$build_dir" --parallel "${RELCP_JOBS:-$(nproc)}" "${targets[@]}"
