#!/usr/bin/env bash
# Usage: relcp_lcp_friction_test.sh RELCP_LCP DATA_DIR CASE
# Checks `relcp_lcp friction` (exit codes, the JSON line, one-line errors) on Siconos'
# FrictionContact3D files in DATA_DIR, and on its RollingFrictionContact files in
# DATA_DIR/../siconos_rolling; exits non-zero on the first failure.
set -uo pipefail
# shellcheck source=SCRIPTDIR/../support/cli_test_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_test_helpers.sh"
cli_test_init "$1" "$3"
data=$2
report_keys="solver status iterations residual seconds n nnz contacts outer_iterations"
report_unchecked_key=evaluate  # the --evaluate report has its own keys
rolling=$data/../siconos_rolling

# One contact, W = I, q = (-1, 2, 0), mu = 0.5: a sliding contact (Coulomb r = (1, -0.5, 0)).
sliding="3\n1\n0\n3\n3\n3 3\n1 0 0\n0 1 0\n0 0 1\n-1 2 0\n0.5\n"
# One rolling contact, W = I, q = (-1, 0, 0, 0.3, 0), mu = 0.5, mu_r = 0.1: it rolls
# (r = (1, 0, 0, -0.1, 0)).
rolls_matrix="5\n5\n5 5\n1 0 0 0 0\n0 1 0 0 0\n0 0 1 0 0\n0 0 0 1 0\n0 0 0 0 1\n-1 0 0 0.3 0\n0.5\n"
rolls="5\n1\n0\n${rolls_matrix}0.1\n"

case $case_name in
  help)
    run friction --help
    expect_code 0 friction --help
    for word in ccp ccp_bbpgd coulomb nsgs --tolerance --max-iterations RollingFrictionContact --evaluate; do
      grep -qF -- "$word" "$scratch/out" || fail "friction --help does not mention $word"
    done
    run --help
    expect_code 0 --help
    grep -q "friction" "$scratch/out" || fail "--help does not mention friction"
    ;;
  converged)
    for solver in nsgs coulomb; do
      run friction "$data/Rover1039.dat" --solver "$solver" --tolerance 1e-6
      expect_code 0 friction Rover1039.dat --solver "$solver"
      expect_json solver "$solver"
      expect_json status converged
      expect_json contacts 4
      expect_json n 12
      residual=$(json_field residual) || exit 1
      python3 -c "import sys; sys.exit(0 if float('$residual') <= 1e-6 else 1)" || fail "residual $residual above 1e-6"
    done
    run friction "$data/BoxesStack1-i100000-32.hdf5.dat" --solver coulomb --out "$scratch/r.txt"
    expect_code 0 friction BoxesStack --solver coulomb
    [[ $(grep -c . "$scratch/r.txt") -eq 156 ]] || fail "--out did not write 156 reactions"
    # A rolling problem, told apart by its dimension 5, by both rolling solvers.
    for solver in nsgs newton_ac; do
      run friction "$rolling/rockfall_14_25792.dat" --solver "$solver" --tolerance 1e-8 --out "$scratch/rolling.txt"
      expect_code 0 friction rockfall_14_25792.dat --solver "$solver"
      expect_json solver "$solver"
      expect_json status converged
      expect_json contacts 14
      expect_json n 70
      residual=$(json_field residual) || exit 1
      python3 -c "import sys; sys.exit(0 if float('$residual') <= 1e-8 else 1)" || fail "residual $residual above 1e-8"
    done
    [[ $(grep -c . "$scratch/rolling.txt") -eq 70 ]] || fail "--out did not write 70 rolling reactions"
    run friction "$rolling/rockfall_14_25792.dat" --evaluate "$scratch/rolling.txt"
    expect_code 0 friction rockfall_14_25792.dat --evaluate
    expect_json contacts 14
    evaluated=$(json_field residual) || exit 1
    [[ "$evaluated" == "$residual" ]] || fail "--evaluate gives $evaluated, the solve reported $residual"
    write rolls.dat "$rolls"
    run friction "$scratch/rolls.dat" --tolerance 1e-12 --out "$scratch/rolls.txt"
    expect_code 0 friction rolls.dat
    python3 -c "
import sys; r = [float(x) for x in open('$scratch/rolls.txt')]
sys.exit(0 if max(abs(a - b) for a, b in zip(r, [1, 0, 0, -0.1, 0])) < 1e-10 else 1)" || fail "rolls.dat: r = $(cat "$scratch/rolls.txt")"
    ;;
  not_converged)
    write sliding.dat "$sliding"
    # The relaxation solves its own problem but not Coulomb's: exit 3, JSON still printed.
    run friction "$scratch/sliding.dat" --solver ccp
    expect_code 3 friction sliding.dat --solver ccp
    expect_json status stagnation
    run friction "$data/OneObject-i100000-499.hdf5.dat" --solver coulomb --max-iterations 3
    expect_code 3 friction OneObject --max-iterations 3
    expect_json status max_iterations
    run friction "$rolling/rockfall_14_25792.dat" --tolerance 1e-10 --max-iterations 2
    expect_code 3 friction rockfall --max-iterations 2
    expect_json status max_iterations
    ;;
  bad_input)
    expect_bad_input "missing.dat" friction "$scratch/missing.dat"
    write empty.dat ""
    expect_bad_input "empty.dat:1: dimension:" friction "$scratch/empty.dat"
    write twod.dat "2\n1\n0\n2\n2\n2 2\n1 0\n0 1\n-1 0\n0.3\n"
    expect_bad_input "twod.dat:1: dimension:" friction "$scratch/twod.dat"
    write negative_mu.dat "${sliding/0.5/-0.5}"
    expect_bad_input "negative_mu.dat:11: mu:" friction "$scratch/negative_mu.dat"
    write word.dat "${sliding/0 1 0/0 x 0}"
    expect_bad_input "word.dat:8: W:" friction "$scratch/word.dat"
    write sliding.dat "$sliding"
    expect_bad_input "--solver" friction "$scratch/sliding.dat" --solver lemke
    expect_bad_input "--tol" friction "$scratch/sliding.dat" --tolerance 0
    expect_bad_input "--tol" friction "$scratch/sliding.dat" --tolerance abc
    expect_bad_input "--max-iter" friction "$scratch/sliding.dat" --max-iterations -1
    expect_bad_input "INPUT" friction
    # Rolling files: FC3D-only solvers refused, malformed files named with their line.
    write rolls.dat "$rolls"
    for solver in ccp ccp_bbpgd coulomb; do
      expect_bad_input "--solver: '$solver' solves FrictionContact3D problems only" friction "$scratch/rolls.dat" --solver "$solver"
    done
    write negative_mu_r.dat "5\n1\n0\n${rolls_matrix}-0.1\n"
    expect_bad_input "negative_mu_r.dat:14: mu_r:" friction "$scratch/negative_mu_r.dat"
    write csparse.dat "5\n1\n2\n${rolls_matrix}0.1\n"
    expect_bad_input "csparse.dat:3: storage:" friction "$scratch/csparse.dat"
    write short.dat "5\n1\n0\n${rolls_matrix}"
    expect_bad_input "short.dat:14: mu_r: missing rolling friction coefficient 1" friction "$scratch/short.dat"
    expect_bad_input "missing.txt" friction "$scratch/rolls.dat" --evaluate "$scratch/missing.txt"
    ;;
  *)
    fail "unknown case"
    ;;
esac
