#!/usr/bin/env bash
# Run the test suite a year in the future and a year in the past of the real date, to show
# that nothing in the simulator, its datasets or its tests depends on the day it runs.
#
#   scripts/check_faketime.sh                            # the whole suite, both ways
#   scripts/check_faketime.sh tests/test_sandbox_datasets.py -q  # other pytest arguments
#
# Needs Debian's `faketime` (apt-get install faketime), which preloads libfaketime so that
# time(), gettimeofday() and clock_gettime(CLOCK_REALTIME) answer the shifted date.
# The monotonic clock is shifted too, on purpose: FAKETIME_DONT_FAKE_MONOTONIC=1 breaks
# Python >= 3.11's time.sleep() (it sleeps with clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME),
# and libfaketime then shifts the absolute deadline of an unshifted clock: OSError EINVAL in
# every sleep, so uvicorn, the webhook timeouts and the tests' waits all fail). Shifting it
# moves only its origin; intervals, which is all anyone measures with it, are unchanged.
# FAKETIME_NO_CACHE=1 makes every call re-read the offset instead of a cached one.
#
# libfaketime 0.9.10 also breaks timed lock waits: `threading.Lock().acquire(timeout=0.3)`
# never returns under it (glibc's sem_clockwait with a shifted deadline). Tests built on a
# timed `Thread.join` (the storage races below) then wait for SQLite's busy timeout and fail
# with "database is locked"; they are deselected here, as they test locking, not dates.
# (The scheduler's `acquire(timeout=...)` only runs when two requests contend for it.)
#
# The shifted date reaches the simulator only through a *running* virtual clock (which
# follows the wall clock) and through anything that would read the real date by mistake;
# a frozen clock (the default, 2026-01-05 09:00 UTC) is unaffected.
#
# Result, 2026-11-25 (Python 3.11.7, libfaketime 0.9.10, the whole suite with notebooks):
# +365 days (2027-11-25): 1383 passed, 3 deselected; -365 days (2025-11-25): 1383 passed,
# 3 deselected.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python}"
pytest_args=("$@")
if [[ ${#pytest_args[@]} -eq 0 ]]; then
    pytest_args=(--nbval --nbval-current-env -q -p no:cacheprovider)
fi
pytest_args+=(
    --deselect tests/test_token_endpoint.py::test_a_reset_racing_a_token_request_is_no_500
    --deselect tests/test_storage_concurrency.py
)
command -v faketime >/dev/null || { echo "faketime is missing (apt-get install faketime)" >&2; exit 2; }

cd "$root"
status=0
for shift_by in '+365 days' '-365 days'; do
    echo "== faketime '$shift_by': $(faketime "$shift_by" date -u +%F)"
    FAKETIME_NO_CACHE=1 PYTHONPATH="$root" \
        faketime "$shift_by" "$python" -m pytest "${pytest_args[@]}" || status=1
done
exit "$status"
