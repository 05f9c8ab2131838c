#!/usr/bin/env bash
# Usage: relcp_lcp_cli_test.sh RELCP_LCP EXAMPLES_DIR CASE
# Runs one group of checks of the relcp_lcp command line; exits non-zero on the first failure.
set -uo pipefail
# shellcheck source=SCRIPTDIR/../support/cli_test_helpers.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_test_helpers.sh"
cli_test_init "$1" "$3"
examples=$2
# solve's report; generate's (it has "family") is not checked.
report_keys="solver status iterations residual seconds n nnz"
report_unchecked_key=family
report_seconds_nullable=1

case $case_name in
  help)
    run --help
    expect_code 0 --help
    grep -q "solve" "$scratch/out" || fail "--help does not mention solve"
    run solve --help
    expect_code 0 solve --help
    for option in --solver --tol --max-iter --relax --jacobian --globalization --warm-start --out --matrix --vector; do
      grep -q -- "$option" "$scratch/out" || fail "solve --help does not mention $option"
    done
    run
    expect_code 2 "(no arguments)"
    ;;
  solve_dat)
    for solver in lemke fischer; do
      run solve "$examples/contact_k4.dat" --solver "$solver"
      expect_code 0 solve contact_k4.dat --solver "$solver"
      expect_json solver "$solver"
      expect_json status converged
      expect_json n 24
      python3 -c "import sys; assert float(sys.argv[1]) <= 1e-8" "$(json_field residual)" || fail "residual too large"
    done
    run solve "$examples/contact_k4.dat"
    expect_code 0 "default solver"
    expect_json solver lemke
    ;;
  solve_matrix_market)
    run solve --matrix "$examples/spd2_M.mtx" --vector "$examples/spd2_q.mtx" --solver dantzig --out "$scratch/z.txt"
    expect_code 0 solve spd2
    expect_json n 2
    expect_json nnz 4
    python3 - "$scratch/z.txt" <<'PY' || fail "z of the 2x2 example is not (4/3, 7/3)"
import sys
z = [float(line) for line in open(sys.argv[1])]
assert len(z) == 2 and abs(z[0] - 4 / 3) < 1e-12 and abs(z[1] - 7 / 3) < 1e-12, z
PY
    ;;
  out_and_warm_start)
    run solve "$examples/contact_k4.dat" --solver lemke --out "$scratch/z.txt"
    expect_code 0 lemke --out
    [[ $(wc -l <"$scratch/z.txt") -eq 24 ]] || fail "--out does not hold 24 lines"
    [[ -z $(find "$scratch" -name 'z.txt.tmp*') ]] || fail "temporary file left behind"
    run solve "$examples/contact_k4.dat" --solver fischer --warm-start "$scratch/z.txt"
    expect_code 0 fischer --warm-start
    expect_json iterations 0
    write short.txt "1\n2\n"
    expect_bad_input "short.txt:2" solve "$examples/contact_k4.dat" --solver fischer --warm-start "$scratch/short.txt"
    ;;
  not_converged)
    run solve "$examples/contact_k4.dat" --solver pgs
    expect_code 3 "pgs on a zero diagonal"
    expect_json status unsupported
    run solve "$examples/contact_k4.dat" --solver fischer --max-iter 1 --tol 1e-14
    expect_code 3 "fischer --max-iter 1"
    expect_json status max_iterations
    ;;
  bad_files)
    expect_bad_input "missing.dat" solve "$scratch/missing.dat"
    write empty.dat ""
    expect_bad_input "empty.dat:1: empty file" solve "$scratch/empty.dat"
    write negative.dat "-2\n0\n"
    expect_bad_input "negative.dat:1: n:" solve "$scratch/negative.dat"
    write word.dat "2\n0\n2\n2\n2\t2\n1 0\n0 x\n1 1\n"
    expect_bad_input "word.dat:7: M: not a number: 'x'" solve "$scratch/word.dat"
    write nan.dat "2\n0\n2\n2\n2\t2\n1 0\n0 1\nnan 1\n"
    expect_bad_input "nan.dat:8: q:" solve "$scratch/nan.dat"
    write noq.dat "2\n0\n2\n2\n2\t2\n1 0\n0 1\n"
    expect_bad_input "noq.dat:8: q: missing" solve "$scratch/noq.dat"
    write dims.dat "2\n0\n2\n3\n2\t2\n1 0\n0 1\n1 1\n"
    expect_bad_input "dims.dat:4:" solve "$scratch/dims.dat"
    write count.dat "2\n0\n2\n2\n2\t2\n1 0 0\n0 1\n1 1\n"
    expect_bad_input "count.dat:6: M:" solve "$scratch/count.dat"
    write complex.mtx "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n"
    expect_bad_input "complex.mtx:1: header:" solve --matrix "$scratch/complex.mtx" --vector "$examples/spd2_q.mtx"
    write q3.mtx "%%MatrixMarket matrix array real general\n3 1\n1\n2\n3\n"
    expect_bad_input "q3.mtx:2: size:" solve --matrix "$examples/spd2_M.mtx" --vector "$scratch/q3.mtx"
    expect_bad_input "--matrix/--vector" solve "$examples/contact_k4.dat" --matrix "$examples/spd2_M.mtx" \
      --vector "$examples/spd2_q.mtx"
    expect_bad_input "--matrix" solve --vector "$examples/spd2_q.mtx"
    expect_bad_input "INPUT" solve
    ;;
  bad_options)
    dat=$examples/contact_k4.dat
    expect_bad_input "--tol" solve "$dat" --tol 0
    expect_bad_input "--tol" solve "$dat" --tol -1e-3
    expect_bad_input "--tol" solve "$dat" --tol abc
    expect_bad_input "--max-iter" solve "$dat" --max-iter -1
    expect_bad_input "--max-iter" solve "$dat" --max-iter 1.5
    expect_bad_input "--relax" solve "$dat" --relax 2
    expect_bad_input "--relax" solve "$dat" --relax 0
    expect_bad_input "--jacobian" solve "$dat" --jacobian newton
    expect_bad_input "--globalization" solve "$dat" --globalization armijo
    expect_bad_input "--solver" solve "$dat" --solver simplex
    run solve "$dat" --solver psor --relax 1.9 --jacobian zero --tol 1e-6 --max-iter 5
    [[ $code -eq 0 || $code -eq 3 ]] || fail "valid options refused (exit $code)"
    ;;
  unwritable_out)
    run solve "$examples/contact_k4.dat" --solver lemke --out "$scratch/no/such/folder/z.txt"
    expect_code 3 "--out into a missing folder"
    expect_json status converged
    grep -q "z.txt" "$scratch/err" || fail "stderr does not name the output file"
    [[ ! -e "$scratch/no" ]] || fail "something was created"
    ;;
  globalization)
    # Siconos' CPS_4 (numerics/src/LCP/test/data): plain min-map stops, the Fischer-Burmeister
    # line search (the default, docs/lcp_newton.md "Defaults") solves it.
    write cps4.dat "4\n0\n4\n4\n4\t4\n11 0 10 1\n0 11 10 1\n10 10 21 1\n-1 -1 -1 0\n50 50 10 -6\n"
    run solve "$scratch/cps4.dat" --solver minmap --globalization none
    expect_code 3 "plain minmap on CPS_4"
    run solve "$scratch/cps4.dat" --solver minmap --globalization fischer_burmeister
    expect_code 0 "globalized minmap on CPS_4"
    expect_json status converged
    run solve "$scratch/cps4.dat" --solver minmap
    expect_code 0 "default minmap on CPS_4"
    expect_json status converged
    ;;
  generate)
    run generate contact --size 3 --seed 5 --out "$scratch/c3.dat" --solution "$scratch/c3.sol"
    expect_code 0 generate contact
    expect_json n 18
    run solve "$scratch/c3.dat" --solver lemke
    expect_code 0 solve generated
    run generate fluid --size 20 --out "$scratch/f.dat"
    expect_code 2 "fluid too large"
    run generate psd --size 10 --zero-ratio 1.5 --out "$scratch/p.dat"
    expect_code 2 "zero ratio out of range"
    run generate stewart_trinkle --size 20 --seed 1 --out "$scratch/st.dat"
    expect_code 0 generate stewart_trinkle
    expect_json n 120
    run solve "$scratch/st.dat" --solver fischer
    expect_code 0 "default fischer on stewart_trinkle"
    expect_bad_input "--solution" generate stewart_trinkle --size 2 --out "$scratch/st2.dat" --solution "$scratch/st2.sol"
    ;;
  *)
    fail "unknown case"
    ;;
esac
echo "PASS [$case_name]"
