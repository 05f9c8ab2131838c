#!/usr/bin/env bash
# Installs, builds, then runs the default demo: solves the shipped example LCP with relcp_lcp.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
source scripts/mpi_env.sh
example=examples/lcp/contact_k4.dat
echo "relcp: solving $example with Lemke and Fischer-Newton"
for solver in lemke fischer; do
  build/bin/relcp_lcp solve "$example" --solver "$solver" --out "build/${solver}_solution.txt"
done
echo "solutions written to build/lemke_solution.txt and build/fischer_solution.txt"
