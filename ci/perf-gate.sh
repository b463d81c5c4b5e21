#!/usr/bin/env bash
# Performance gate: a short high-contention, low-contention and short-critical-section pass
# (ci/perf-gate.json; 6 to 12 minutes on 2 cores busy with other work: 5m47s at load average 2-4,
# 11m35s at 6-9, plus a build when the sources changed) that fails when a lock's throughput ratio
# to UNFAIR_REENTRANT, SYNCHRONIZED or BEST_JDK (whichever JDK lock leads), measured in the same
# run, falls below its threshold in ci/perf-thresholds.txt.
# Each pass runs in 3 rounds, every lock and baseline once per round in turn, and the ratio at a
# thread count is the median of the rounds' ratios (a lock's fork against the baseline's fork of
# the same round), so that a drift of the machine's load hits both sides of a ratio; the check is
# the geometric mean of those medians over the thread counts. The verdict lines list each round.
# Ratios only: absolute throughput differs between machines, the ratio between locks measured
# side by side much less.
# Extra arguments go to "numaloom bench", e.g. --gate OTHER_FILE to try other thresholds.
# Exit status: 0 passed, 3 a ratio fell below its threshold, 1 or 2 the run itself failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=results/perf-gate-$(date +%Y%m%d-%H%M%S)
exec ./numaloom bench --config ci/perf-gate.json --gate ci/perf-thresholds.txt --out "$out" "$@"
