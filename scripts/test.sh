#!/usr/bin/env bash
# Installs, builds, then runs every test except the `long` ones (paper reproductions).
# Extra arguments go to ctest, e.g. ./scripts/test.sh -L unit -R lcp
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
source scripts/mpi_env.sh
cd "${RELCP_BUILD_DIR:-build}"
ctest --output-on-failure --label-exclude long --parallel "${RELCP_TEST_JOBS:-$(nproc)}" "$@"
