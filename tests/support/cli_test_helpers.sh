# shellcheck shell=bash
# Shell helpers for the command-line tests of the apps (tests/apps/relcp_lcp_cli_test.sh,
# tests/lcp/relcp_lcp_friction_test.sh). Source it from the test script:
#   source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_test_helpers.sh"
#   cli_test_init "$1" "$3"   # BIN CASE: sets bin, case_name and scratch
# The JSON checks read these variables, set by the script:
#   report_keys  the keys, in order, of the JSON report the app prints on stdout (space-separated)
# and, optionally:
#   report_unchecked_key     a report holding this key is not checked against report_keys (default: none)
#   report_seconds_nullable  1: the report's "seconds" may be null (default 0: it must be >= 0)
# `run` sets `code` to the app's exit status.

# cli_test_init BIN CASE: the app under test, the case (named in failure messages) and a scratch
# folder, removed on exit.
cli_test_init() {
  bin=$1
  case_name=$2
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
}

fail() { echo "FAIL [$case_name]: $*" >&2; exit 1; }

# run ARGS...: runs the app, keeping stdout, stderr and the exit code.
run() {
  "$bin" "$@" >"$scratch/out" 2>"$scratch/err"
  code=$?
}

expect_code() {
  [[ $code -eq $1 ]] || fail "expected exit $1, got $code for: ${*:2}"$'\n'"stdout: $(cat "$scratch/out")"$'\n'"stderr: $(cat "$scratch/err")"
}

# The stdout must be exactly one JSON object with the report keys; prints the value of key $1.
json_field() {
  python3 - "$scratch/out" "$1" "$report_keys" "${report_unchecked_key:-}" "${report_seconds_nullable:-0}" <<'PY' \
    || fail "stdout is not one JSON report: $(cat "$scratch/out")"
import json, sys
lines = [line for line in open(sys.argv[1]) if line.strip()]
assert len(lines) == 1, "expected one line of JSON, got %d" % len(lines)
report = json.loads(lines[0])
keys = sys.argv[3].split()
unchecked_key, seconds_nullable = sys.argv[4], sys.argv[5] == "1"
if not unchecked_key or unchecked_key not in report:
    assert list(report) == keys, "keys %s" % list(report)
    assert (seconds_nullable and report["seconds"] is None) or report["seconds"] >= 0
print(report[sys.argv[2]])
PY
}

expect_json() {
  local value
  value=$(json_field "$1") || exit 1
  [[ "$value" == "$2" ]] || fail "JSON $1 = '$value', expected '$2'"
}

# Bad input: exit 2, nothing on stdout, a first stderr line containing $1.
expect_bad_input() {
  local needle=$1
  shift
  run "$@"
  expect_code 2 "$@"
  [[ ! -s "$scratch/out" ]] || fail "stdout not empty on bad input: $(cat "$scratch/out")"
  grep -qF -- "$needle" <(head -n 1 "$scratch/err") || fail "stderr '$(cat "$scratch/err")' does not contain '$needle'"
}

# write NAME TEXT: writes TEXT (printf %b escapes) to $scratch/NAME.
write() { printf "%b" "$2" >"$scratch/$1"; }
