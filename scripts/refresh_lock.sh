#!/usr/bin/env bash
# Refresh the lock, constraints.txt: every package pinned as a fresh environment resolves it
# today (the newest releases the bounds allow, as in CI's newest job), after the README's test
# command has passed with it.
#
#   scripts/refresh_lock.sh             # resolve, run the whole suite, then write the lock
#   scripts/refresh_lock.sh --no-tests  # resolve and write only (then let CI run the suite)
#
# Install with the lock (README, "Set up on a fresh machine"):
#   pip install -c constraints.txt -e ".[test]"
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
run_tests=1
[[ "${1:-}" == "--no-tests" ]] && run_tests=0

venv=$(mktemp -d /tmp/banking-sandbox-lock.XXXXXX)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
# shellcheck disable=SC1091
source "$venv/bin/activate"
python -m pip install -q --upgrade pip
pip install -q -e ".[test]"
if [[ $run_tests == 1 ]]; then
    CI=1 python -m pytest --nbval --nbval-current-env -q
fi
checked="the whole suite passed with it"
[[ $run_tests == 1 ]] || checked="the suite left to CI's run of the commit that brings it"
{
    echo "# The lock: every package as a fresh environment resolved it on $(date -u +%F),"
    echo "# $(python --version) on $(uname -m) Linux; $checked."
    echo "# Refresh: scripts/refresh_lock.sh. Use: pip install -c constraints.txt -e \".[test]\""
    pip freeze --exclude-editable | grep -viE '^(pip|setuptools|uv)=='
} >constraints.txt
echo "wrote constraints.txt ($(grep -c '==' constraints.txt) packages)"
